/** A Solana request this wallet will not sign, naming the param (`message: …`): answered -32602. */
export class SolanaSigningError extends Error {
  override name = 'SolanaSigningError'
}
