import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import { deriveAccessTokenKeys, signAccessToken, verifyAccessToken } from './accessToken.ts'

const claims = { appId: 'app-1', userId: 'did:charter:abc', sessionId: 'session-1' }

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
    expect(await verifyAccessToken(deriveAccessTokenKeys('s'.repeat(64)), 'app-1', token)).toEqual({
      userId: 'did:charter:abc',
      sessionId: 'session-1',
    })
    expect(await verifyAccessToken(deriveAccessTokenKeys('t'.repeat(64)), 'app-1', token)).toBeUndefined()
    expect(await verifyAccessToken(deriveAccessTokenKeys('s'.repeat(64)), 'app-2', token)).toBeUndefined()
  })
})
