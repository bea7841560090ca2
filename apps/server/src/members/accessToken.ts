import { createECDH, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

export const accessTokenLifetimeSeconds = 3600
// The order n of P-256: a private scalar must be in [1, n).
const p256Order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

export type AccessTokenKeys = { privateKey: KeyObject; publicKey: KeyObject }

/**
 * The ES256 key pair for access tokens, derived from the auth secret so every replica that shares the
 * secret signs and verifies alike, with no key to distribute.
 */
export function deriveAccessTokenKeys(secret: string): AccessTokenKeys {
  for (let counter = 0; ; counter++) {
    const d = Buffer.from(hkdfSync('sha256', secret, 'charter', `access-token-es256/${counter}`, 32))
    const scalar = BigInt(`0x${d.toString('hex')}`)
    if (scalar === 0n || scalar >= p256Order) continue
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(d)
    const point = ecdh.getPublicKey()
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    }
    const privateKey = createPrivateKey({ key: jwk, format: 'jwk' })
    return { privateKey, publicKey: createPublicKey(privateKey) }
  }
}

/** Whom a token is for and who says so: `aud` (the app id) and `iss` (ACCESS_TOKEN_ISSUER). */
export type TokenAudience = { appId: string; issuer: string }

/**
 * The public key that checks access tokens, as PEM (SPKI): what `GET /api/v1/apps/{id}` answers as
 * `verification_key`, so an app's server can verify tokens itself (Privy's server library does).
 */
export function accessTokenVerificationKey(keys: AccessTokenKeys): string {
  return keys.publicKey.export({ type: 'spki', format: 'pem' }).toString()
}

export function signAccessToken(
  keys: AccessTokenKeys,
  claims: TokenAudience & { userId: string; sessionId: string },
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(claims.issuer)
    .setAudience(claims.appId)
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${accessTokenLifetimeSeconds}s`)
    .sign(keys.privateKey)
}

/** The session id of a valid token for this app from this issuer, or undefined for anything else. */
export async function verifyAccessToken(
  keys: AccessTokenKeys,
  { appId, issuer }: TokenAudience,
  token: string,
): Promise<{ userId: string; sessionId: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      issuer,
      audience: appId,
      algorithms: ['ES256'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined
    return { userId: payload.sub, sessionId: payload.sid }
  } catch {
    return undefined
  }
}
