/**
 * The fields of a wallet sign-in message (EIP-4361, or Sign In With Solana, which copies its lines), as the
 * exact text each line carries: times stay strings until they are checked, so what is checked is what was signed.
 */
export type SignInMessageFields = {
  /** `https` when the message starts with `https://host`; most messages give the host alone. */
  scheme: string | undefined
  domain: string
  address: string
  statement: string | undefined
  uri: string
  version: string | undefined
  /** The EIP-155 id as digits (Ethereum) or the cluster (`mainnet`, `devnet`, `solana:devnet`, …). */
  chainId: string | undefined
  nonce: string
  issuedAt: string
  expirationTime: string | undefined
  notBefore: string | undefined
  requestId: string | undefined
  resources: string[] | undefined
}
