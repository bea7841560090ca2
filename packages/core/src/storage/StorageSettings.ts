/** A storage client's configuration once checked: whole URLs, no defaults left to apply. */
export type StorageSettings = {
  pinningKey: string
  /** `{apiUrl}/pinning/pinJSONToIPFS` */
  pinUrl: string
  /** The gateway's base, no trailing slash; `/ipfs/{cid}` follows. */
  gateway: string
  gatewayKey: string | undefined
  timeoutMs: number
  maxDocumentBytes: number
}
