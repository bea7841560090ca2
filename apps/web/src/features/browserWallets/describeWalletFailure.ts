import { ApiError } from '../../lib/api.ts'

/**
 * A failed wallet sign-in or link in words a person can act on: the server's refusal as it is worded, a
 * wallet's own message, or, for a wallet that says nothing useful, what to try.
 */
export function describeWalletFailure(error: unknown, walletName: string): string {
  if (error instanceof ApiError) return error.message
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    message?: unknown
  }
  // EIP-1193's "a request is already pending": a window of the wallet's is still open somewhere.
  if (code === -32002) return `${walletName} already has a request waiting. Open ${walletName} to answer it.`
  if (typeof message === 'string' && message.trim()) return message
  return `${walletName} could not sign the message. Try again, or choose another wallet.`
}
