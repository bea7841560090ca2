/** A Solana send exactly as it is posted to the wallet API (`signAndSendTransaction`, Privy's shape). */
export type SolanaSendCall = {
  method: 'signAndSendTransaction'
  /** `solana:<genesis hash>`. */
  caip2: string
  params: { transaction: string; encoding: 'base64' }
}
