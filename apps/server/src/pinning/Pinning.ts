import type { CharterPinning } from './charterPinning.ts'

/** Which service pins the server's documents: Charter's own (embedded, or PINNING_API_KEYS) or Pinata. */
export type PinningServiceName = 'charter' | 'pinata'

/**
 * What a storage client needs to pin and read documents, the same for Pinata and for Charter's own service:
 * `POST {apiUrl}/pinning/pinJSONToIPFS` with `Authorization: Bearer {pinningKey}`, and
 * `GET {gateway}/ipfs/{cid}` (with `?pinataGatewayToken={gatewayKey}` when there is one). Holds a secret:
 * never shown, logged or sent to a browser.
 */
export type PinningClientConfig = {
  service: PinningServiceName
  /** The API's origin, without a trailing slash. */
  apiUrl: string
  pinningKey: string
  /** The gateway's bare origin (no `/ipfs`); undefined: the public gateway (https://ipfs.io). */
  gateway: string | undefined
  gatewayKey: string | undefined
}

/** The pinning part's adapter: which service pins, the client configuration for it, and Charter's own service. */
export type Pinning = {
  service: PinningServiceName
  /**
   * The storage client's configuration. `ownOrigin` is the origin this server answers on (PUBLIC_URL, or the
   * URL it listens on): Charter's own service is reached there, over HTTP, as any other client reaches it.
   */
  clientConfig: (ownOrigin: string) => PinningClientConfig
  /** Charter's own pinning service and gateway, when this server runs it (embedded, or PINNING_API_KEYS). */
  own: CharterPinning | undefined
}
