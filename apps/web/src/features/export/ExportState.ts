import type { EmbeddedWalletAccount } from '@charter/core'
import type { ExportedKey, ExportFormat } from './ExportedKey.ts'
import type { ExportCodeSent } from './initExport.ts'

/** Which wallet, in which form. */
export type ExportChoice = { wallet: EmbeddedWalletAccount & { id: string }; format: ExportFormat }

/** A code that went out for an export: where, when it stops working, from when another may be asked for. */
export type ExportCode = ExportCodeSent & {
  /** Milliseconds since the epoch. */
  sentAt: number
  resendAt: number
}

/**
 * An export as one union: `idle` (warnings and choices, kept when the person comes back), `pending` (a code, the passkey's prompt or the key on its way), `confirming`
 * (the code screen), `error` at a step, `success` with the key, which lives only here and only until the
 * screen is left.
 */
export type ExportState =
  | { status: 'idle'; choice?: ExportChoice }
  | { status: 'pending'; action: 'send' | 'passkey'; choice: ExportChoice }
  | { status: 'error'; action: 'send' | 'passkey'; choice: ExportChoice; error: Error }
  | { status: 'confirming'; choice: ExportChoice; code: ExportCode; resent?: boolean }
  | { status: 'pending'; action: 'resend' | 'verify'; choice: ExportChoice; code: ExportCode }
  | { status: 'error'; action: 'resend' | 'verify'; choice: ExportChoice; code: ExportCode; error: Error }
  | { status: 'success'; choice: ExportChoice; exported: ExportedKey }
