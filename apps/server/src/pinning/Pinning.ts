import type { CharterPinning } from './charterPinning.ts'

/** Which service pins the server's documents: Charter's own (embedded, or PINNING_API_KEYS) or Pinata. */
export type PinningServiceName = 'charter' | 'pinata'

/** A document as pinned: its CID, and the JSON text whose bytes the CID names. */
export type PinnedDocument = { cid: string; text: string }

/**
 * The pinning part's adapter: pins the server's documents and says where anyone reads them. Two
 * implementations: Pinata over HTTP, through the core's storage client (`pinataPinning.ts`), and Charter's own
 * service, called in this process (`ownPinning.ts`).
 */
export type Pinning = {
  service: PinningServiceName
  /**
   * Pins a document exactly as sent (its `JSON.stringify`, never rebuilt), checked against the core's schema
   * first (InvalidMetadataDocumentError); Pinata's failures are the storage client's StorageError. Its size is
   * the caller's to judge first (`documentSizeLimit`), as the public pinning route does.
   */
  pin: (document: unknown) => Promise<PinnedDocument>
  /** Where anyone reads a pinned document: `${gateway}/ipfs/${cid}`. */
  gatewayUrl: (cid: string) => string
  /**
   * Where this server answers, once it listens: Charter's own gateway links point there, unless PUBLIC_URL
   * named its origin. Pinata's gateway is its own.
   */
  connect: (serverUrl: string) => void
  /** Charter's own pinning service and gateway, when this server runs it (embedded, or PINNING_API_KEYS). */
  own: CharterPinning | undefined
}

/** The public gateway, where a document is read when no gateway of one's own is configured. */
export const publicGateway = 'https://ipfs.io'
