import type { WireAuthenticationResponse, WireRegistrationResponse } from '@charter/core'
import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'
import type { WalletProxy } from '../walletProxy/index.ts'

const getPasskeys = async () => (await answerOf(api.v1.passkeys.$get())).passkeys

/** One of the member's passkeys, as `GET /api/v1/passkeys` answers it (times in Unix seconds). */
export type Passkey = Awaited<ReturnType<typeof getPasskeys>>[number]

export const passkeysQueryKey = ['passkeys'] as const

/** Asked again each time a screen opens (staleTime 0): another device may have added or removed one. */
export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: passkeysQueryKey, queryFn: getPasskeys, staleTime: 0 })

/** What one action a passkey confirms: a held request, an export of one wallet, or a passkey's removal. */
export type PasskeyAction =
  | { type: 'held_action'; id: string }
  | { type: 'export'; wallet_id: string }
  | { type: 'unlink'; credential_id: string }

/** The options to add a passkey. A device within its new-device hold is answered 429 with the wait in words. */
export const initPasskeyLink = () => answerOf(api.v1.passkeys.link.init.$post({ json: {} }))

/** Adds the passkey the browser just made; signed with the device key like every account change. */
export const linkPasskey = (
  proxy: Pick<WalletProxy, 'post'>,
  authenticatorResponse: WireRegistrationResponse,
  name: string,
) =>
  proxy.post((client) => client.api.v1.passkeys.link, {
    json: { authenticator_response: authenticatorResponse, name },
  })

export const renamePasskey = (proxy: Pick<WalletProxy, 'patch'>, credentialId: string, name: string) =>
  proxy.patch((client) => client.api.v1.passkeys[':credential_id'], {
    param: { credential_id: credentialId },
    json: { name },
  })

/**
 * Removes a passkey: at once with a passkey's confirmation; without one the server holds it (403 `action_held`,
 * in its own words).
 */
export const unlinkPasskey = (
  proxy: Pick<WalletProxy, 'post'>,
  credentialId: string,
  proof: WireAuthenticationResponse | undefined,
) =>
  proxy.post((client) => client.api.v1.passkeys.unlink, {
    json: {
      credential_id: credentialId,
      ...(proof && { passkey: { authenticator_response: proof } }),
    },
  })

/** The options to confirm `action` with one of the member's passkeys, and what is confirmed, in words. */
export const initPasskeyProof = (action: PasskeyAction) =>
  answerOf(api.v1.passkeys.proof.init.$post({ json: { action } }))

/** Releases a held request at once with the member's passkey: it goes ahead now. */
export const liftHeldAction = (
  proxy: Pick<WalletProxy, 'post'>,
  id: string,
  proof: WireAuthenticationResponse,
) =>
  proxy.post((client) => client.api.v1.held_actions[':id'].lift, {
    param: { id },
    json: { passkey: { authenticator_response: proof } },
  })

/** The options to sign in with a passkey: discoverable, so the browser offers the member's own. */
export const initPasskeySignIn = () => answerOf(api.v1.passkeys.authenticate.init.$post({ json: {} }))
