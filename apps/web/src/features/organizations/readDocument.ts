import { type ParsedMetadataDocument, parseMetadataDocument } from '@charter/core'
import { failureOf, unreachable } from '../../lib/api.ts'

/** The gateway path of a CID on Charter's own gateway (the page's origin); `cid` must come from ipfsHashFromInput. */
export const gatewayPath = (cid: string) => `/ipfs/${cid}`

/**
 * A document read by CID through Charter's own gateway, then checked with the core's schema: a mismatch is not
 * an error here but a raw document with its issues, so a screen can show what it holds.
 */
export async function readDocument(cid: string): Promise<ParsedMetadataDocument> {
  let response: Response
  try {
    response = await fetch(gatewayPath(cid), { headers: { accept: 'application/json' } })
  } catch (cause) {
    throw unreachable(cause)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw failureOf(response, body)
  return parseMetadataDocument(body)
}
