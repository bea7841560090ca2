import { createStorageClient, type MetadataDocument } from '@charter/core'
import type { CharterPinning } from './charterPinning.ts'
import { type Pinning, publicGateway } from './Pinning.ts'

/** PINATA_* as the settings hold them. */
type PinataSettings = {
  jwt: string
  apiUrl: string
  /** The gateway's bare origin (no `/ipfs`); undefined: the public gateway. */
  gateway: string | undefined
  gatewayToken: string | undefined
}

/**
 * Pinata, over HTTP, through the core's storage client (the code path any other client of Pinata takes): its
 * pinJSONToIPFS with the JWT as bearer key, and its gateway (PINATA_GATEWAY, else the public one) for links.
 */
export function pinataPinning(pinata: PinataSettings, own: CharterPinning | undefined): Pinning {
  const client = createStorageClient<MetadataDocument>({
    provider: 'pinata',
    pinata: {
      apiUrl: pinata.apiUrl,
      pinningKey: pinata.jwt,
      ...(pinata.gateway && { gateway: pinata.gateway }),
      ...(pinata.gatewayToken && { gatewayKey: pinata.gatewayToken }),
    },
  })
  const gateway = pinata.gateway ?? publicGateway
  return {
    service: 'pinata',
    pin: async (document) => {
      const cid = await client.pin(document as MetadataDocument)
      // What the client sent as `pinataContent`: the document's own JSON text.
      return { cid, text: JSON.stringify(document) }
    },
    gatewayUrl: (cid) => `${gateway}/ipfs/${cid}`,
    connect: () => {},
    own,
  }
}
