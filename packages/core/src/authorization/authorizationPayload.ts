import canonicalize from 'canonicalize'

/** The headers that take part in the signature; any other header is left out. */
export type AuthorizationHeaders = {
  'privy-app-id': string
  'privy-idempotency-key'?: string
  /** Unix milliseconds, as a string of digits. */
  'privy-request-expiry'?: string
}

/** The methods a signed request may have: each changes something, and the signature covers which. */
export type AuthorizationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type AuthorizationRequest = {
  method: AuthorizationMethod
  /** The full URL, without a trailing slash. */
  url: string
  body: unknown
  headers: AuthorizationHeaders
}

/**
 * The bytes a signed request's `privy-authorization-signature` signs: the request as
 * `{version: 1, method, url, body, headers}`, canonicalised by RFC 8785 (JSON Canonicalization Scheme), so the
 * browser and the server derive the same bytes whatever the key order or spacing of the JSON they saw.
 */
export function authorizationPayload(request: AuthorizationRequest): Uint8Array {
  const headers: Record<string, string> = { 'privy-app-id': request.headers['privy-app-id'] }
  if (request.headers['privy-idempotency-key'] !== undefined) {
    headers['privy-idempotency-key'] = request.headers['privy-idempotency-key']
  }
  if (request.headers['privy-request-expiry'] !== undefined) {
    headers['privy-request-expiry'] = request.headers['privy-request-expiry']
  }
  const text = canonicalize({
    version: 1,
    method: request.method,
    url: request.url.replace(/\/+$/, ''),
    body: request.body,
    headers,
  })
  if (text === undefined) throw new TypeError('The request cannot be canonicalised')
  return new TextEncoder().encode(text)
}
