import { describe, expect, it } from 'vitest'
import {
  authenticationOptionsFromWire,
  authenticationOptionsToWire,
  authenticationResponseFromWire,
  authenticationResponseToWire,
  registrationOptionsFromWire,
  registrationOptionsToWire,
  registrationResponseFromWire,
  registrationResponseToWire,
} from './passkeyWire.ts'

describe('passkeys on the wire, in Privy’s snake_case', () => {
  it('writes registration options as Privy’s enrollment options, and reads them back unchanged', () => {
    const options = {
      rp: { name: 'Charter', id: 'localhost' },
      user: { id: 'ZGlk', name: 'ada@example.org', displayName: 'ada@example.org' },
      challenge: 'Y2hhbGxlbmdl',
      pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
      timeout: 120_000,
      excludeCredentials: [{ type: 'public-key', id: 'AAEC', transports: ['internal'] }],
      authenticatorSelection: { residentKey: 'required' as const, userVerification: 'required' as const },
      attestation: 'none' as const,
      extensions: { credProps: true },
    }
    const wire = registrationOptionsToWire(options)
    expect(wire).toMatchObject({
      user: { display_name: 'ada@example.org' },
      pub_key_cred_params: [{ alg: -7 }],
      exclude_credentials: [{ id: 'AAEC' }],
      authenticator_selection: { resident_key: 'required', user_verification: 'required' },
      extensions: { cred_props: { rk: true } },
    })
    // No camelCase key anywhere.
    expect(JSON.stringify(wire)).not.toMatch(/"[a-z]+[A-Z][A-Za-z]*":/)
    expect(registrationOptionsFromWire(wire)).toEqual(options)
  })

  it('writes authentication options with rp_id and allow_credentials, and leaves absent fields out', () => {
    const options = { challenge: 'Y2g', rpId: 'localhost', userVerification: 'required' as const }
    const wire = authenticationOptionsToWire(options)
    expect(wire).toEqual({ challenge: 'Y2g', rp_id: 'localhost', user_verification: 'required' })
    expect(authenticationOptionsFromWire(wire)).toEqual(options)
  })

  it('carries the browser’s answers over and back', () => {
    const registration = {
      id: 'AAEC',
      rawId: 'AAEC',
      type: 'public-key' as const,
      response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
    }
    const wire = registrationResponseToWire(registration)
    expect(wire).toEqual({
      id: 'AAEC',
      raw_id: 'AAEC',
      type: 'public-key',
      response: { client_data_json: 'e30', attestation_object: 'o2Nm', transports: ['internal'] },
      authenticator_attachment: 'platform',
      client_extension_results: { cred_props: { rk: true } },
    })
    expect(registrationResponseFromWire(wire)).toEqual(registration)
    const assertion = {
      id: 'AAEC',
      rawId: 'AAEC',
      type: 'public-key' as const,
      response: { clientDataJSON: 'e30', authenticatorData: 'SZY', signature: 'MEU', userHandle: 'ZGlk' },
      clientExtensionResults: {},
    }
    const assertionWire = authenticationResponseToWire(assertion)
    expect(assertionWire.response).toEqual({
      client_data_json: 'e30',
      authenticator_data: 'SZY',
      signature: 'MEU',
      user_handle: 'ZGlk',
    })
    expect(authenticationResponseFromWire(assertionWire)).toEqual(assertion)
  })
})
