import { ApiError } from '../../lib/api.ts'

export const closedOrTimedOut = 'The passkey prompt was closed or timed out. Try again.'
export const alreadyAdded = 'This passkey is on your account already.'

/** Where the page is: its scheme, port and origin. */
type Here = Pick<Location, 'protocol' | 'port' | 'origin'>

/**
 * The page's own address with the relying party's host: where passkeys bound to `relyingParty` work
 * (http://127.0.0.1:8080 → http://localhost:8080 in embedded mode, whose passkeys belong to `localhost`).
 */
export function passkeyOrigin(relyingParty: string, here: Here = window.location): string {
  return `${here.protocol}//${relyingParty}${here.port ? `:${here.port}` : ''}`
}

/**
 * A passkey prompt that failed, in plain words: what the member sees instead of the browser's own error. The
 * server's refusals are ApiErrors already in its words and pass through as they are.
 */
export class PasskeyError extends Error {
  override name = 'PasskeyError'
  /** The member closed the prompt, or it timed out (or the browser found no passkey to offer). */
  readonly closed: boolean
  /** Another prompt took this one's place, or the page moved on: nothing to tell the member. */
  readonly aborted: boolean

  constructor(message: string, options: { cause?: unknown; closed?: boolean; aborted?: boolean } = {}) {
    super(message, { cause: options.cause })
    this.closed = options.closed ?? false
    this.aborted = options.aborted ?? false
  }
}

/**
 * simplewebauthn's reason (`WebAuthnError.code`, 'ERROR_…'), read off the error rather than by its class: the
 * reason is what matters, whichever copy of the package threw it.
 */
const codeOf = (error: unknown): string | undefined => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && code.startsWith('ERROR_') ? code : undefined
}

/** The DOMException's name behind a browser error, through simplewebauthn's wrapper. */
const nameOf = (error: unknown): string | undefined => {
  if (!(error instanceof Error)) return undefined
  if (codeOf(error) && error.cause instanceof Error) return error.cause.name
  return error.name
}

/**
 * What a passkey prompt's failure means for the member. `relyingParty` is the RP id the server's options named
 * (`localhost` in embedded mode), for the one failure only another address can fix; `noneHere` is what to do
 * when this device has no passkey for the account, said after a closed prompt (browsers answer both alike).
 */
export function describePasskeyFailure(
  error: unknown,
  context: { relyingParty?: string; noneHere?: string } = {},
  here: Here = window.location,
): Error {
  if (error instanceof ApiError || error instanceof PasskeyError) return error
  const code = codeOf(error)
  const name = nameOf(error)
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') {
    return new PasskeyError(closedOrTimedOut, { cause: error, aborted: true })
  }
  if (name === 'NotAllowedError') {
    return new PasskeyError(context.noneHere ? `${closedOrTimedOut} ${context.noneHere}` : closedOrTimedOut, {
      cause: error,
      closed: true,
    })
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new PasskeyError(alreadyAdded, { cause: error })
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    const at = context.relyingParty ? passkeyOrigin(context.relyingParty, here) : undefined
    return new PasskeyError(
      at && at !== here.origin
        ? `Passkeys work only at ${at}. Open ${at} instead and try again.`
        : `Passkeys do not work at this address (${here.origin}).`,
      { cause: error },
    )
  }
  if (code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') {
    return new PasskeyError(
      'This security key cannot check it is you (with a PIN, a fingerprint or your face), which Charter needs. Use another one.',
      { cause: error },
    )
  }
  if (code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT') {
    return new PasskeyError(
      'This security key cannot keep a passkey on itself, which Charter needs. Use another one.',
      { cause: error },
    )
  }
  if (error instanceof Error && /not supported in this browser/i.test(error.message)) {
    return new PasskeyError(
      'This browser cannot use passkeys. Use another browser, or sign in with a code.',
      {
        cause: error,
      },
    )
  }
  return new PasskeyError('The passkey could not be used. Try again, or use another passkey.', {
    cause: error,
  })
}
