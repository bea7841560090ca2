import { randomBytes } from 'node:crypto'
import { toUnixSeconds } from '@charter/core'
import { SignJWT } from 'jose'
import type { CdpKey } from '../settings/cdpKey.ts'

/** How long a CDP JWT is good for: Coinbase takes two minutes at most. */
export const cdpJwtLifetimeSeconds = 120

/**
 * The bearer JWT of one call to Coinbase's API, as CDP authenticates a secret API key: signed with the key
 * (ES256 or EdDSA), `kid` and `sub` its id, a fresh random `nonce`, and `uris` naming this one call
 * (`POST api.developer.coinbase.com/onramp/v1/token`: method, host and path, no scheme or query), good for
 * two minutes.
 */
export function cdpJwt(options: {
  key: CdpKey
  keyId: string
  method: 'GET' | 'POST'
  url: URL
  now?: Date
}): Promise<string> {
  const { key, keyId, method, url } = options
  const iat = toUnixSeconds(options.now ?? new Date())
  return new SignJWT({ uris: [`${method} ${url.host}${url.pathname}`] })
    .setProtectedHeader({ alg: key.alg, kid: keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setSubject(keyId)
    .setIssuer('cdp')
    .setAudience(['cdp_service'])
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + cdpJwtLifetimeSeconds)
    .sign(key.key)
}
