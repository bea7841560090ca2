import { ipfsHashFromInput } from '@charter/core'
import { gatewayPath } from './readDocument.ts'

/**
 * Where a link in an untrusted document may take someone: an `https:` URL as written, an `ipfs://` one through
 * Charter's own gateway; undefined for anything else (javascript:, data:, http:, a relative path), shown as text.
 */
export function safeLinkHref(link: string): string | undefined {
  if (/^ipfs:/i.test(link.trim())) {
    const cid = ipfsHashFromInput(link)
    return cid ? gatewayPath(cid) : undefined
  }
  try {
    const url = new URL(link.trim())
    return url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** An image only from `ipfs://`, through Charter's own gateway: no document makes the browser call elsewhere. */
export function safeImageSrc(imageUrl: string): string | undefined {
  const cid = /^ipfs:\/\//i.test(imageUrl.trim()) ? ipfsHashFromInput(imageUrl) : undefined
  return cid ? gatewayPath(cid) : undefined
}
