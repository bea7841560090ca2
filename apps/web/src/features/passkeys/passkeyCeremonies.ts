import {
  authenticationOptionsFromWire,
  authenticationResponseToWire,
  registrationOptionsFromWire,
  registrationResponseToWire,
  type WireAuthenticationResponse,
  type WireRegistrationResponse,
} from '@charter/core'
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { closedOrTimedOut, describePasskeyFailure, PasskeyError } from './passkeyFailure.ts'
import { initPasskeyLink, initPasskeyProof, initPasskeySignIn, type PasskeyAction } from './passkeysApi.ts'

// The wire's options are core's JSON forms, which name transports and algorithms as plain strings and numbers;
// simplewebauthn's types spell the same JSON with the browser's unions.
type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON']
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']

/** Makes a new passkey for the signed-in member (the browser's prompt); answers it in the wire's shape. */
export async function createPasskey(): Promise<WireRegistrationResponse> {
  const { relying_party, options } = await initPasskeyLink()
  try {
    const response = await startRegistration({
      optionsJSON: registrationOptionsFromWire(options) as RegistrationOptions,
    })
    return registrationResponseToWire(response)
  } catch (error) {
    throw describePasskeyFailure(error, { relyingParty: relying_party })
  }
}

/** Confirms one action with one of the member's passkeys: the proof, and what it confirms, in the server's words. */
export async function proveWithPasskey(
  action: PasskeyAction,
): Promise<{ proof: WireAuthenticationResponse; what: string }> {
  const { relying_party, options, action: what } = await initPasskeyProof(action)
  try {
    const response = await startAuthentication({
      optionsJSON: authenticationOptionsFromWire(options) as AuthenticationOptions,
    })
    return { proof: authenticationResponseToWire(response), what }
  } catch (error) {
    throw describePasskeyFailure(error, {
      relyingParty: relying_party,
      noneHere: 'If this device has none of your passkeys, use the phone or security key that has one.',
    })
  }
}

/**
 * Asks the browser for a passkey to sign in with: from its prompt, or (`autofill`) from the address field's
 * suggestions, which waits until the member picks one. Answers the challenge and the assertion that answers it.
 * `signal` stops it before the browser is asked (a prompt the member opened takes the suggestions' place).
 */
export async function passkeyForSignIn(
  options: { autofill?: boolean; signal?: AbortSignal } = {},
): Promise<{ challenge: string; proof: WireAuthenticationResponse }> {
  const { relying_party, options: wire } = await initPasskeySignIn()
  if (options.signal?.aborted) throw new PasskeyError(closedOrTimedOut, { aborted: true })
  try {
    const response = await startAuthentication({
      optionsJSON: authenticationOptionsFromWire(wire) as AuthenticationOptions,
      useBrowserAutofill: options.autofill ?? false,
    })
    return { challenge: wire.challenge, proof: authenticationResponseToWire(response) }
  } catch (error) {
    throw describePasskeyFailure(error, {
      relyingParty: relying_party,
      noneHere:
        'No passkey on this device? Sign in with your phone number or email address, then add one on the Security page.',
    })
  }
}
