import type { z } from 'zod'
import type { MetadataDocument } from '../metadata/MetadataDocument.ts'

/** The one provider there is: Pinata, or any service that answers as Pinata does (Charter's own). */
export type StorageProvider = 'pinata'

/** Where documents are pinned and read, and with which keys. */
export type PinataConfig = {
  /** The pinning service's bearer key: a Pinata JWT, or a key of Charter's pinning service. Sent only to `apiUrl`. */
  pinningKey: string
  /** The pinning API's base URL, without `/pinning/…`; default https://api.pinata.cloud. */
  apiUrl?: string
  /** The gateway's base URL, without `/ipfs` (the client adds `/ipfs/{hash}`); default https://ipfs.io. */
  gateway?: string
  /** A Pinata gateway token, sent to the gateway alone as the query parameter `pinataGatewayToken`. */
  gatewayKey?: string
}

export type StorageClientOptions<Document = MetadataDocument> = {
  provider: StorageProvider
  pinata: PinataConfig
  /**
   * What a pinned or fetched document must match; default the metadata document schema. It checks and does
   * not transform: a document is pinned, and handed back from a read, exactly as it is.
   */
  schema?: z.ZodType<Document>
  /** How long a pin or a read may take, answer included; default 30 s. */
  timeoutMs?: number
}
