import { createPublicKey } from 'node:crypto'
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  accessTokenVerificationKey,
  deriveAccessTokenKeys,
  signAccessToken,
  verifyAccessToken,
} from './accessToken.ts'

const audience = { appId: 'app-1', issuer: 'charter' }
const claims = { ...audience, userId: 'did:charter:abc', sessionId: 'session-1' }

describe('access tokens', () => {
  it('are ES256 JWTs with iss, aud = app id, sub = user, sid = session', async () => {
    const token = await signAccessToken(deriveAccessTokenKeys('s'.repeat(64)), claims)
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', typ: 'JWT' })
    const payload = decodeJwt(token)
    expect(payload).toMatchObject({ iss: 'charter', aud: 'app-1', sub: 'did:charter:abc', sid: 'session-1' })
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600)
  })

  it('verify on another replica that shares the secret, and nowhere else', async () => {
    const token = await signAccessToken(deriveAccessTokenKeys('s'.repeat(64)), claims)
    expect(await verifyAccessToken(deriveAccessTokenKeys('s'.repeat(64)), audience, token)).toEqual({
      userId: 'did:charter:abc',
      sessionId: 'session-1',
    })
    expect(await verifyAccessToken(deriveAccessTokenKeys('t'.repeat(64)), audience, token)).toBeUndefined()
    expect(
      await verifyAccessToken(deriveAccessTokenKeys('s'.repeat(64)), { ...audience, appId: 'app-2' }, token),
    ).toBeUndefined()
  })

  it('carry the configured issuer, and verify only against it', async () => {
    const keys = deriveAccessTokenKeys('s'.repeat(64))
    const token = await signAccessToken(keys, { ...claims, issuer: 'privy.io' })
    expect(decodeJwt(token).iss).toBe('privy.io')
    expect(await verifyAccessToken(keys, { ...audience, issuer: 'privy.io' }, token)).toBeDefined()
    expect(await verifyAccessToken(keys, audience, token)).toBeUndefined()
  })

  it('publish their verification key as PEM, which checks them', async () => {
    const keys = deriveAccessTokenKeys('s'.repeat(64))
    const pem = accessTokenVerificationKey(keys)
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/)
    expect(createPublicKey(pem).equals(keys.publicKey)).toBe(true)
    const token = await signAccessToken(keys, claims)
    const { payload } = await jwtVerify(token, await importSPKI(pem, 'ES256'), { issuer: 'charter' })
    expect(payload.sid).toBe('session-1')
  })
})
