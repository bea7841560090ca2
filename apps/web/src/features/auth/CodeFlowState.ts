import type { CharterUser, UnixSeconds } from '@charter/core'
import type { ApiError } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

/** A code that went out: where, when it stops working, and from when another may be asked for. */
export type SentCode = {
  destination: Destination
  /** How the server named where it went (e.g. a masked number), when it did. */
  sentTo?: string
  /** Milliseconds since the epoch. */
  sentAt: number
  expiresAt: UnixSeconds
  /** Milliseconds since the epoch; the server sends one code per address per 30 s. */
  resendAt: number
  /**
   * The code went out moments before this flow asked (the server answered 429: one code per address per 30 s),
   * e.g. from another tab or before a reload: the code screen opens for that code, and says so.
   */
  earlier?: boolean
}

/**
 * Where a code flow (sign in, link, change, confirm it is you) stands, as one union: `idle` asks for the address,
 * `confirming` asks for the code, `pending` waits for the server, `error` says what went wrong at which step,
 * `success` holds what the code was for (the user as the server now has it, or the code itself when another step
 * sends it on). The code screen shows whenever the state holds a `sent` code.
 */
export type CodeFlowState<Result = CharterUser> =
  | { status: 'idle' }
  | { status: 'pending'; action: 'send'; destination: Destination }
  | { status: 'error'; action: 'send'; destination: Destination; error: ApiError }
  | { status: 'confirming'; sent: SentCode; resent?: boolean }
  | { status: 'pending'; action: 'resend' | 'verify'; sent: SentCode }
  | { status: 'error'; action: 'resend' | 'verify'; sent: SentCode; error: ApiError }
  | { status: 'success'; result: Result; destination: Destination }
