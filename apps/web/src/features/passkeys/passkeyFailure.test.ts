import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { browserRefusal } from '../../testing/fakeAuthenticator.ts'
import { describePasskeyFailure, type PasskeyError } from './passkeyFailure.ts'

const loopback = { protocol: 'http:', port: '8080', origin: 'http://127.0.0.1:8080' }
const aborted = () => {
  const cause = new Error('Manually cancelling existing WebAuthn API call')
  cause.name = 'AbortError'
  return Object.assign(new Error(cause.message, { cause }), { code: 'ERROR_CEREMONY_ABORTED' })
}

describe('a passkey prompt’s failure, in words', () => {
  it('sends the member from 127.0.0.1 to localhost, where embedded mode binds passkeys', () => {
    const said = describePasskeyFailure(
      browserRefusal('SecurityError'),
      { relyingParty: 'localhost' },
      loopback,
    )
    expect(said.message).toBe(
      'Passkeys work only at http://localhost:8080. Open http://localhost:8080 instead and try again.',
    )
  })

  it('names the relying party’s own host behind PUBLIC_URL', () => {
    const here = { protocol: 'https:', port: '', origin: 'https://wallet.example.org' }
    const bare = new Error('The operation is insecure.')
    bare.name = 'SecurityError'
    expect(describePasskeyFailure(bare, { relyingParty: 'example.org' }, here).message).toBe(
      'Passkeys work only at https://example.org. Open https://example.org instead and try again.',
    )
  })

  it('says a closed or timed-out prompt plainly, with what to do where the device may have none', () => {
    expect(describePasskeyFailure(browserRefusal('NotAllowedError')).message).toBe(
      'The passkey prompt was closed or timed out. Try again.',
    )
    const proof = describePasskeyFailure(browserRefusal('NotAllowedError'), {
      noneHere: 'Use another device.',
    })
    expect(proof.message).toBe('The passkey prompt was closed or timed out. Try again. Use another device.')
    expect((proof as PasskeyError).closed).toBe(true)
  })

  it('knows a passkey added already, and a prompt another took over', () => {
    expect(describePasskeyFailure(browserRefusal('InvalidStateError')).message).toBe(
      'This passkey is on your account already.',
    )
    expect((describePasskeyFailure(aborted()) as PasskeyError).aborted).toBe(true)
  })

  it('passes the server’s refusals on in its own words', () => {
    const refused = new ApiError('This passkey is not one of your account’s.', 401, 'invalid_credentials')
    expect(describePasskeyFailure(refused)).toBe(refused)
  })

  it('never shows the browser’s own message for what it does not know', () => {
    const odd = new Error('NotReadableError: the authenticator glitched at 0x1f')
    expect(describePasskeyFailure(odd).message).toBe(
      'The passkey could not be used. Try again, or use another passkey.',
    )
  })
})
