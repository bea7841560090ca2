import { describe, expect, it } from 'vitest'
import { authorizationPayload } from './authorizationPayload.ts'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('authorizationPayload', () => {
  it('is the RFC 8785 form of {version, method, url, body, headers}', () => {
    const payload = authorizationPayload({
      method: 'POST',
      url: 'https://charter.example/api/v1/wallets/w1/rpc/',
      body: { params: { message: 'hi', encoding: 'utf-8' }, method: 'personal_sign' },
      headers: { 'privy-app-id': 'app', 'privy-request-expiry': '1700000000000' },
    })
    expect(text(payload)).toBe(
      '{"body":{"method":"personal_sign","params":{"encoding":"utf-8","message":"hi"}},' +
        '"headers":{"privy-app-id":"app","privy-request-expiry":"1700000000000"},' +
        '"method":"POST","url":"https://charter.example/api/v1/wallets/w1/rpc","version":1}',
    )
  })

  it('gives the same bytes whatever the key order', () => {
    const one = authorizationPayload({
      method: 'POST',
      url: 'https://x/a',
      body: { b: [1, { d: 2, c: 3 }], a: 1e21 },
      headers: { 'privy-app-id': 'a', 'privy-idempotency-key': 'k' },
    })
    const other = authorizationPayload({
      method: 'POST',
      url: 'https://x/a',
      body: { a: 1e21, b: [1, { c: 3, d: 2 }] },
      headers: { 'privy-idempotency-key': 'k', 'privy-app-id': 'a' },
    })
    expect(text(one)).toBe(text(other))
    expect(text(one)).toContain('"a":1e+21')
  })

  it('leaves out optional headers that are not sent', () => {
    const payload = text(
      authorizationPayload({ method: 'POST', url: 'https://x', body: {}, headers: { 'privy-app-id': 'a' } }),
    )
    expect(payload).toContain('"headers":{"privy-app-id":"a"}')
  })

  it('names the method, so a signature over a PUT is no signature over a DELETE of the same URL', () => {
    const request = { url: 'https://x/a', body: {}, headers: { 'privy-app-id': 'a' } }
    const put = text(authorizationPayload({ ...request, method: 'PUT' }))
    expect(put).toContain('"method":"PUT"')
    expect(put).not.toBe(text(authorizationPayload({ ...request, method: 'DELETE' })))
  })
})
