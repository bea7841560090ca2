/**
 * Whether a wallet's refusal is its user saying no: EIP-1193's code 4001, which most Solana wallets use too, or
 * a wallet-standard wallet's own rejection error (named or worded as one: the standard sets no code).
 */
export function isUserRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (code === 4001 || code === 'ACTION_REJECTED') return true
  const words = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : ''}`
  return /\b(user )?reject(ed|ion)?\b|\bdenied\b|\bdeclined\b|\bcancell?ed\b/i.test(words)
}
