import { describe, expect, it } from 'vitest'
import { relyingPartyFor } from './passkeys.ts'

describe('the relying party passkeys belong to', () => {
  it('is PUBLIC_URL’s host, answered from its origin only', () => {
    expect(relyingPartyFor(new URL('https://charter.example.org/app'), 'http://127.0.0.1:3000')).toEqual({
      id: 'charter.example.org',
      origin: 'https://charter.example.org',
    })
  })

  it('is localhost on the listening port in embedded mode, whatever name the server listens on', () => {
    expect(relyingPartyFor(undefined, 'http://127.0.0.1:3000')).toEqual({
      id: 'localhost',
      origin: 'http://localhost:3000',
    })
    expect(relyingPartyFor(undefined, undefined)).toBeUndefined()
  })

  it('is none when PUBLIC_URL names an IP address, which WebAuthn takes as no relying party', () => {
    expect(relyingPartyFor(new URL('http://192.0.2.10:3000'), 'http://192.0.2.10:3000')).toBeUndefined()
    expect(relyingPartyFor(new URL('http://[2001:db8::1]:3000'), undefined)).toBeUndefined()
  })
})
