import { expect } from 'vitest'
import { ApiClient, uniquePhoneNumber } from './ApiClient.ts'
import type { Json } from './Json.ts'
import { SoftPasskey } from './softPasskey.ts'
import type { TestServer } from './startTestServer.ts'
import { type MemberWallet, WalletCaller, walletsOf } from './WalletCaller.ts'

/** Where embedded mode answers passkeys: `localhost` on the server's port, whatever name a request used. */
export const passkeyOrigin = (server: TestServer) => `http://localhost:${new URL(server.url).port}`

/**
 * The steps of the passkey tests over HTTP (passkeys/): members, their devices, and their passkeys added, proven
 * and signed in with, each as a browser would do it, on the server `current()` answers (started in `beforeAll`).
 */
export function passkeyMembers(current: () => TestServer) {
  /** A device: a client of its own (cookies, device key). */
  const device = () => new WalletCaller(new ApiClient(current().url))

  /** A member who signed up with their phone on their own device (not held: the sign-up made the account). */
  async function member() {
    const phone = uniquePhoneNumber()
    const own = device()
    const signedUp = await own.signIn('phone', phone)
    expect(signedUp.status).toBe(200)
    const wallet = walletsOf(signedUp.body.user).find(
      (each) => each.chain_type === 'ethereum',
    ) as MemberWallet
    return { phone, own, wallet, userId: signedUp.body.user.id as string }
  }

  /** Adds a passkey from `caller`'s session: the options, the authenticator's answer, the signed link. */
  async function addPasskey(caller: WalletCaller, passkey?: SoftPasskey, name?: string) {
    const made = passkey ?? new SoftPasskey(passkeyOrigin(current()))
    const init = await caller.api.post('/api/v1/passkeys/link/init', {})
    expect(init.status, init.text).toBe(200)
    const linked = await caller.post('/api/v1/passkeys/link', {
      authenticator_response: made.create(init.body.options),
      ...(name !== undefined && { name }),
    })
    return { passkey: made, linked }
  }

  /** Asks for a proof of `action` and answers it with `passkey` (as `how` says). */
  async function prove(
    caller: WalletCaller,
    action: Json,
    passkey: SoftPasskey,
    how: Parameters<SoftPasskey['get']>[1] = {},
  ) {
    const init = await caller.api.post('/api/v1/passkeys/proof/init', { action })
    expect(init.status, init.text).toBe(200)
    return { init, answer: { authenticator_response: passkey.get(init.body.options, how) } }
  }

  /** Signs in with `passkey` on a new device (a client of its own, with its own device key). */
  async function signInWithPasskey(passkey: SoftPasskey, how: Parameters<SoftPasskey['get']>[1] = {}) {
    const caller = device()
    const init = await caller.api.post('/api/v1/passkeys/authenticate/init', {})
    expect(init.status).toBe(200)
    const signedIn = await caller.api.post('/api/v1/passkeys/authenticate', {
      challenge: init.body.options.challenge,
      authenticator_response: passkey.get(init.body.options, how),
      authorization_key: caller.publicKeySpki,
    })
    return { caller, signedIn, init }
  }

  return { device, member, addPasskey, prove, signInWithPasskey }
}
