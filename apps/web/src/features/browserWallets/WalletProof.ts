/** Who signs what: the wallet app's name and how the page reached it, in Privy's field names. */
export type WalletClient = { walletClientType: string; connectorType: 'injected' }

/**
 * A signed sign-in message, ready for the server's `authenticate` or `link`: EIP-4361 for Ethereum (with the chain
 * the message names), Sign In With Solana for Solana (the signature in base64).
 */
export type WalletProof =
  | ({ family: 'ethereum'; message: string; signature: string; chainId: number } & WalletClient)
  | ({ family: 'solana'; message: string; signature: string } & WalletClient)

/** The server's answer to `init`: the nonce to sign, and when it stops being taken (Unix seconds). */
export type IssuedNonce = { nonce: string; expires_at: number }

/** What proving a wallet needs from the app: the line the wallet shows, and a nonce for the address. */
export type ProofRequest = {
  statement: string
  init: (address: string) => Promise<IssuedNonce>
}
