import type { CharterUser, UnixSeconds } from '@charter/core'
import type { ApiError } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

/** A code that went out: where, when it stops working, and from when another may be asked for. */
export type SentCode = {
  destination: Destination
  /** Milliseconds since the epoch. */
  sentAt: number
  expiresAt: UnixSeconds
  /** Milliseconds since the epoch; the server sends one code per address per 30 s. */
  resendAt: number
}

/**
 * Where a code flow (sign in, link, change) stands, as one union: `idle` asks for the address, `confirming`
 * asks for the code, `pending` waits for the server, `error` says what went wrong at which step.
 * The code screen shows whenever the state holds a `sent` code.
 */
export type CodeFlowState =
  | { status: 'idle' }
  | { status: 'pending'; action: 'send'; destination: Destination }
  | { status: 'error'; action: 'send'; destination: Destination; error: ApiError }
  | { status: 'confirming'; sent: SentCode; resent?: boolean }
  | { status: 'pending'; action: 'resend' | 'verify'; sent: SentCode }
  | { status: 'error'; action: 'resend' | 'verify'; sent: SentCode; error: ApiError }
  | { status: 'success'; user: CharterUser; destination: Destination }
