/**
 * Room for what surrounds a document in a request's body (Pinata's `pinataMetadata` and `pinataOptions`, an
 * organisation route's `{document}`, whitespace): the same 64 KB the API's routes allow a whole body.
 */
const documentEnvelopeBytes = 64 * 1024

/**
 * PINNING_MAX_BYTES, the largest document (bytes of its JSON text) Charter pins, by whichever path it comes:
 * the organisation routes and the public pinning route ask this one judge.
 */
export type DocumentSizeLimit = {
  maxBytes: number
  /** The largest request body that may carry such a document: past it the body is refused unread. */
  maxBodyBytes: number
  /** Whether a document's JSON text (a string, or its UTF-8 bytes) is above the limit. */
  exceeds: (text: string | Uint8Array) => boolean
}

export function documentSizeLimit(maxBytes: number): DocumentSizeLimit {
  return {
    maxBytes,
    maxBodyBytes: maxBytes + documentEnvelopeBytes,
    exceeds: (text) => (typeof text === 'string' ? Buffer.byteLength(text) : text.length) > maxBytes,
  }
}
