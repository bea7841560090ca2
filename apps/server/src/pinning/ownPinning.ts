import { validateMetadataDocument } from '@charter/core'
import type { CharterPinning } from './charterPinning.ts'
import type { Pinning } from './Pinning.ts'

/**
 * Charter's own pinning service, called in this process: the document checked against the core's schema (as the
 * storage client checks it), then its bytes imported and stored as `POST /pinning/pinJSONToIPFS` stores them,
 * with no HTTP request to this server itself. Its links point at this server's gateway.
 */
export function ownPinning(own: CharterPinning, publicOrigin: string | undefined): Pinning {
  // PUBLIC_URL's origin, or this server's own once it listens (`connect`).
  let gatewayOrigin = publicOrigin
  return {
    service: 'charter',
    pin: async (document) => {
      validateMetadataDocument(document)
      const text = JSON.stringify(document)
      // CIDv0 (`Qm…`), as the storage client asks the service for when it names no version.
      const answer = await own.pin(new TextEncoder().encode(text), 0)
      return { cid: answer.IpfsHash, text }
    },
    gatewayUrl: (cid) => `${gatewayOrigin ?? ''}/ipfs/${cid}`,
    connect: (serverUrl) => {
      gatewayOrigin = publicOrigin ?? serverUrl.replace(/\/+$/, '')
    },
    own,
  }
}
