/** A Solana send exactly as it is posted to the wallet API (`signAndSendTransaction`, Privy's shape). */
export type SolanaSendCall = {
  method: 'signAndSendTransaction'
  /** `solana:<genesis hash>`. */
  caip2: string
  /** Privy's gas sponsorship: the transaction's fee payer is the sponsor's address, which signs last. */
  sponsor?: true
  params: { transaction: string; encoding: 'base64' }
}
