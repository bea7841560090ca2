import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@charter/core'
import { vi } from 'vitest'

type StartRegistration = typeof import('@simplewebauthn/browser').startRegistration
type StartAuthentication = typeof import('@simplewebauthn/browser').startAuthentication

/** What the browser's client data says: the challenge it answers, base64url, as WebAuthn writes it. */
export const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin: window.location.origin })).toString('base64url')

/** The challenge a response's client data answers. */
export const challengeOf = (clientDataJson: string): string =>
  (JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as { challenge: string }).challenge

/**
 * simplewebauthn's `WebAuthnError` as it throws one: its `code`, and the browser's error as its cause. (Made here,
 * not imported: this module stands in for that package, so it cannot load it.)
 */
const webAuthnError = (code: string, cause: Error) =>
  Object.assign(new Error(cause.message, { cause }), { name: 'WebAuthnError', code })

/** A browser error as simplewebauthn rethrows it (`NotAllowedError`: the prompt closed, or nothing to offer). */
export const browserRefusal = (name: 'NotAllowedError' | 'InvalidStateError' | 'SecurityError') => {
  const cause = new Error(`The browser refused (${name}).`)
  cause.name = name
  const code =
    name === 'InvalidStateError'
      ? 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
      : name === 'SecurityError'
        ? 'ERROR_INVALID_RP_ID'
        : 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'
  return webAuthnError(code, cause)
}

/**
 * The browser's side of passkeys for the web's tests, in place of `@simplewebauthn/browser`'s prompts (a test
 * file mocks the package with `webAuthnStandIn`, below): a platform
 * authenticator that keeps the credentials it made (or was given) and answers each prompt at once with one of
 * them, over the very challenge the options carry, so the server's stand-in can check what was answered. The
 * address field's suggestions (`useBrowserAutofill`) wait until `pickSuggestion` or an abort, as a browser's do.
 * A test makes a prompt fail with `startRegistration.mockRejectedValueOnce(browserRefusal(…))`.
 */
function fakeAuthenticator() {
  const credentials: string[] = []
  let made = 0
  let suggestion:
    | {
        resolve: (value: AuthenticationResponseJSON) => void
        challenge: string
        reject: (e: unknown) => void
      }
    | undefined

  const assertion = (id: string, challenge: string): AuthenticationResponseJSON => ({
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: clientData('webauthn.get', challenge),
      authenticatorData: 'YXV0aGVudGljYXRvcg',
      signature: 'c2lnbmF0dXJl',
      userHandle: 'dXNlcg',
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  })

  const startRegistration = vi.fn<StartRegistration>(async ({ optionsJSON }) => {
    const excluded = optionsJSON.excludeCredentials?.map((each) => each.id) ?? []
    if (credentials.some((id) => excluded.includes(id))) throw browserRefusal('InvalidStateError')
    made += 1
    const id = `Y3JlZGVudGlhbC0${made}`
    credentials.push(id)
    const response: RegistrationResponseJSON = {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData('webauthn.create', optionsJSON.challenge),
        attestationObject: 'YXR0ZXN0YXRpb24',
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    }
    return response as Awaited<ReturnType<StartRegistration>>
  })

  const startAuthentication = vi.fn<StartAuthentication>(async ({ optionsJSON, useBrowserAutofill }) => {
    if (useBrowserAutofill) {
      return new Promise<AuthenticationResponseJSON>((resolve, reject) => {
        suggestion = { resolve, reject, challenge: optionsJSON.challenge }
      }) as ReturnType<StartAuthentication>
    }
    // A prompt takes the place of the suggestions' wait, as simplewebauthn's abort service does.
    const abort = new Error('Cancelling existing WebAuthn API call for new one')
    abort.name = 'AbortError'
    suggestion?.reject(webAuthnError('ERROR_CEREMONY_ABORTED', abort))
    suggestion = undefined
    const allowed = optionsJSON.allowCredentials?.map((each) => each.id)
    const id = credentials.find((each) => !allowed?.length || allowed.includes(each))
    if (!id) throw browserRefusal('NotAllowedError')
    return assertion(id, optionsJSON.challenge) as Awaited<ReturnType<StartAuthentication>>
  })

  const browserSupportsWebAuthn = vi.fn(() => true)
  const browserSupportsWebAuthnAutofill = vi.fn(async () => true)

  return {
    /** The credential ids this authenticator holds, oldest first. */
    credentials,
    /** Forgets the credentials and the calls, for the next test. */
    reset() {
      credentials.length = 0
      made = 0
      suggestion = undefined
      startRegistration.mockClear()
      startAuthentication.mockClear()
      browserSupportsWebAuthn.mockReset().mockReturnValue(true)
      browserSupportsWebAuthnAutofill.mockReset().mockResolvedValue(true)
    },
    startRegistration,
    startAuthentication,
    browserSupportsWebAuthn,
    browserSupportsWebAuthnAutofill,
    /** Whether the address field's suggestions are waiting for the member. */
    suggesting: () => suggestion !== undefined,
    /** The member picks this authenticator's first passkey among the address field's suggestions. */
    pickSuggestion() {
      const waiting = suggestion
      const id = credentials[0]
      if (!waiting || !id) throw new Error('No suggestion is waiting, or no passkey to pick')
      suggestion = undefined
      waiting.resolve(assertion(id, waiting.challenge))
    },
  }
}

/** The one authenticator of a test file: what `vi.mock('@simplewebauthn/browser', …)` answers with, and what the test drives. */
export const authenticator = fakeAuthenticator()

/**
 * The package's prompts and checks as the fake answers them; a test file mocks the package with it:
 * `vi.mock('@simplewebauthn/browser', async (original) => ({ ...(await original()), ...(await import('…/fakeAuthenticator.ts')).webAuthnStandIn }))`.
 */
export const webAuthnStandIn = {
  startRegistration: authenticator.startRegistration,
  startAuthentication: authenticator.startAuthentication,
  browserSupportsWebAuthn: authenticator.browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill: authenticator.browserSupportsWebAuthnAutofill,
}
