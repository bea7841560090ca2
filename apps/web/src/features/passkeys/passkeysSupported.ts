import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  WebAuthnAbortService,
} from '@simplewebauthn/browser'

/** Whether this browser can make and use passkeys at all (WebAuthn); checked once, it does not change. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn()

/** Whether this browser offers passkeys among an address field's suggestions (WebAuthn's conditional UI). */
export const passkeyAutofillSupported = (): Promise<boolean> => browserSupportsWebAuthnAutofill()

/** Closes the passkey prompt or the suggestions' wait under way, if any: the screen that asked is gone. */
export const cancelPasskeyPrompt = () => WebAuthnAbortService.cancelCeremony()
