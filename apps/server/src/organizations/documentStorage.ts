import { createStorageClient, type MetadataDocument, type StorageClient } from '@charter/core'
import type { Pinning } from '../pinning/Pinning.ts'
import { OrganizationError } from './OrganizationError.ts'

/**
 * The storage client the organisation routes pin through, built once when the server knows the origin it answers
 * on (PUBLIC_URL, or the URL it listens on): Charter's own service is reached over HTTP at that origin, Pinata at
 * its own, by the same code path.
 */
export type DocumentStorage = {
  connect(ownOrigin: string): void
  client(): StorageClient
  /** Where anyone reads a pinned document: `${gateway}/ipfs/${cid}`. */
  gatewayUrl(cid: string): string
}

export function documentStorage(pinningPart: () => Pinning | undefined): DocumentStorage {
  let client: StorageClient | undefined
  let gateway = 'https://ipfs.io'
  return {
    connect(ownOrigin) {
      const pinning = pinningPart()
      if (client || !pinning) return
      const { apiUrl, pinningKey, gateway: configured, gatewayKey } = pinning.clientConfig(ownOrigin)
      if (configured) gateway = configured
      client = createStorageClient<MetadataDocument>({
        provider: 'pinata',
        pinata: {
          apiUrl,
          pinningKey,
          ...(configured && { gateway: configured }),
          ...(gatewayKey && { gatewayKey }),
        },
      })
    },
    client() {
      if (!client) {
        throw new OrganizationError(
          'pinning_unavailable',
          'No pinning service is set up on this server (set PINATA_JWT or PINNING_API_KEYS).',
        )
      }
      return client
    },
    gatewayUrl: (cid) => `${gateway}/ipfs/${cid}`,
  }
}
