import { createPublicKey, verify } from 'node:crypto'
import {
  type AuthorizationMethod,
  authorizationPayload,
  MustBeAuthenticatedError,
  WalletProxyNotInitializedError,
} from '@charter/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../lib/api.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId, rightCode, walletServer } from '../../testing/walletServer.ts'
import { createWalletProxy } from './createWalletProxy.ts'
import { makeWalletKey } from './makeWalletKey.ts'
import { memoryKeyStore } from './memoryKeyStore.ts'
import { prepareSignInKey } from './prepareSignInKey.ts'
import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import { WalletKeyMissingError } from './WalletKeyMissingError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'

const userId = 'did:charter:cm3np4u9j001rc8b73seqmqqk'
const rpcPath = `/api/v1/wallets/${evmWalletId}/rpc`
const rpc = (client: ApiClient) => client.api.v1.wallets[':id'].rpc
const personalSign = { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } } as const
const signHi = { param: { id: evmWalletId }, json: personalSign }

type SetUpOptions = {
  /** What this browser keeps; by default the key its sign-in bound the session to. */
  keyStore?: WalletKeyStore
  /** The key the session is bound to; by default the stored one. `null`: none (signed in by another client). */
  sessionKey?: string | null
  now?: () => number
}

async function setUp(options: SetUpOptions = {}) {
  let keyStore = options.keyStore
  let signedInWith: StoredWalletKey | undefined
  if (!keyStore) {
    signedInWith = await makeWalletKey(userId)
    keyStore = memoryKeyStore(signedInWith)
  }
  const sessionKey = options.sessionKey === undefined ? signedInWith?.publicKey : options.sessionKey
  const server = walletServer({ appId: 'charter-test', sessionKey: sessionKey ?? undefined })
  const api = stubApi(server.routes)
  const proxy = createWalletProxy({ keyStore, appId: async () => 'charter-test', now: options.now })
  return { server, api, keyStore, proxy }
}

describe('the wallet proxy', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('registers the key bound at sign-in again, and signs requests the server accepts', async () => {
    const now = 1_800_000_000_000
    const { server, api, keyStore, proxy } = await setUp({ now: () => now })
    await proxy.init(userId)
    expect(proxy.getState()).toEqual({ status: 'ready', userId })

    const stored = await keyStore.load()
    expect(stored?.keyPair.privateKey.extractable).toBe(false)
    expect(stored?.keyPair.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toEqual([
      { public_key: stored?.publicKey },
    ])
    expect(server.registeredKeys).toEqual([stored?.publicKey])

    vi.spyOn(Date, 'now').mockReturnValue(now)
    const answer = await proxy.post(rpc, signHi, { idempotencyKey: 'sign-1' })
    vi.restoreAllMocks()
    expect(answer).toMatchObject({ method: 'personal_sign', data: { encoding: 'hex' } })

    // Verified here too, by hand, as the server does: DER signature over the canonical payload.
    const call = api.calls.find((candidate) => candidate.path === rpcPath)
    expect(call?.headers).toMatchObject({
      'privy-app-id': 'charter-test',
      'privy-request-expiry': String(now + 60_000),
      'privy-idempotency-key': 'sign-1',
    })
    const payload = authorizationPayload({
      method: 'POST',
      url: `${window.location.origin}${rpcPath}`,
      body: personalSign,
      headers: {
        'privy-app-id': 'charter-test',
        'privy-idempotency-key': 'sign-1',
        'privy-request-expiry': String(now + 60_000),
      },
    })
    const publicKey = createPublicKey({
      key: Buffer.from(stored?.publicKey ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    })
    const signature = Buffer.from(call?.headers['privy-authorization-signature'] ?? '', 'base64')
    expect(verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, signature)).toBe(true)
    // Another body under the same signature would not pass.
    const other = authorizationPayload({
      method: 'POST',
      url: `${window.location.origin}${rpcPath}`,
      body: { ...personalSign, params: { message: 'bye', encoding: 'utf-8' } },
      headers: { 'privy-app-id': 'charter-test' },
    })
    expect(verify('sha256', other, { key: publicKey, dsaEncoding: 'der' }, signature)).toBe(false)
    expect(server.refused).toEqual([])
  })

  it('signs PUT, PATCH and DELETE with the same key, each over its own method', async () => {
    const { server, proxy, keyStore } = await setUp()
    await proxy.init(userId)
    const member = (client: ApiClient) => client.api.v1.organizations[':id'].members[':user_id']
    const param = { id: 'org-1', user_id: 'did:charter:someone' }
    // The stand-in passes a change on only when its signature checks out over the method, URL and body sent.
    const api = stubApi({
      ...server.routes,
      'PATCH /api/v1/organizations/:id/members/:user_id': server.signedRoute((call) =>
        Response.json({ patched: call.body }),
      ),
      'DELETE /api/v1/organizations/:id/members/:user_id': server.signedRoute(
        () => new Response(null, { status: 204 }),
      ),
    })
    expect(await proxy.patch(member, { param, json: { membership: 'admin' } })).toEqual({
      patched: { membership: 'admin' },
    })
    await proxy.delete(member, { param, json: {} })
    expect(server.refused).toEqual([])

    const deleted = api.calls.find((call) => call.method === 'DELETE')
    const payload = (method: AuthorizationMethod) =>
      authorizationPayload({
        method,
        url: `${window.location.origin}${deleted?.path}`,
        body: {},
        headers: {
          'privy-app-id': 'charter-test',
          'privy-request-expiry': deleted?.headers['privy-request-expiry'] ?? '',
        },
      })
    const publicKey = createPublicKey({
      key: Buffer.from((await keyStore.load())?.publicKey ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    })
    const signature = Buffer.from(deleted?.headers['privy-authorization-signature'] ?? '', 'base64')
    const verifies = (method: AuthorizationMethod) =>
      verify('sha256', payload(method), { key: publicKey, dsaEncoding: 'der' }, signature)
    // The removal's signature is no signature over anything else at that URL.
    expect(
      ['DELETE', 'PUT', 'PATCH', 'POST'].map((method) => verifies(method as AuthorizationMethod)),
    ).toEqual([true, false, false, false])
  })

  it('answers “Wallet proxy not initialized” before its key is ready', async () => {
    const { proxy, api } = await setUp()
    await expect(proxy.post(rpc, signHi)).rejects.toThrow(WalletProxyNotInitializedError)
    await expect(proxy.post(rpc, signHi)).rejects.toThrow('Wallet proxy not initialized')
    const starting = proxy.init(userId)
    expect(proxy.getState().status).toBe('pending')
    await expect(proxy.post(rpc, signHi)).rejects.toThrow('Wallet proxy not initialized')
    await starting
    expect(api.bodiesOf(`POST ${rpcPath}`)).toEqual([])
  })

  it('answers “User must be authenticated” once the session is over', async () => {
    const { proxy } = await setUp()
    await proxy.init(userId)
    proxy.signOut()
    const refusal = proxy.post(rpc, signHi)
    await expect(refusal).rejects.toThrow(MustBeAuthenticatedError)
    await expect(proxy.post(rpc, signHi)).rejects.toThrow('User must be authenticated')
  })

  it('signs itself out when the server says the session is gone', async () => {
    const { proxy, server } = await setUp()
    await proxy.init(userId)
    stubApi({
      ...server.routes,
      [`POST ${rpcPath}`]: () =>
        Response.json({ error: 'Please sign in first.', code: 'must_be_authenticated' }, { status: 401 }),
    })
    await expect(proxy.post(rpc, signHi)).rejects.toThrow('User must be authenticated')
    expect(proxy.getState()).toEqual({ status: 'signed-out' })
  })

  it('reuses the stored key after a reload: registers it again, makes no new one', async () => {
    const stored = await makeWalletKey(userId)
    const { proxy, api, server } = await setUp({
      keyStore: memoryKeyStore(stored),
      sessionKey: stored.publicKey,
    })
    await proxy.init(userId)
    expect(proxy.getState().status).toBe('ready')
    expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toEqual([
      { public_key: stored.publicKey },
    ])
    await proxy.post(rpc, signHi)
    expect(server.refused).toEqual([])
  })

  it('never signs with another member’s key, and keeps it out of the session', async () => {
    const theirs = await makeWalletKey('did:charter:someone-else')
    const mine = await makeWalletKey(userId)
    const { proxy, server } = await setUp({ keyStore: memoryKeyStore(theirs), sessionKey: mine.publicKey })
    await proxy.init(userId)
    const state = proxy.getState()
    expect(state.status === 'error' && state.error).toBeInstanceOf(WalletKeyMismatchError)
    expect(server.registeredKeys).toEqual([mine.publicKey])
  })

  it('binds the key a sign-in left pending when its page closed before the answer arrived', async () => {
    const keyStore = memoryKeyStore()
    const server = walletServer({ appId: 'charter-test', signedIn: false })
    stubApi(server.routes)
    // The sign-in sends its key with the code; the server binds the session to it; the page goes before it hears.
    const key = await prepareSignInKey(keyStore)
    await fetch('/api/v1/passwordless_sms/authenticate', {
      method: 'POST',
      body: JSON.stringify({
        phoneNumber: '+14155552671',
        code: rightCode,
        authorization_key: key.publicKey,
      }),
    })
    expect((await keyStore.load())?.userId).toBeUndefined()
    // The next page: the same browser storage, the same session.
    const proxy = createWalletProxy({ keyStore, appId: async () => 'charter-test' })
    await proxy.init(userId)
    expect(proxy.getState()).toEqual({ status: 'ready', userId })
    expect(await keyStore.load()).toMatchObject({ userId, publicKey: key.publicKey })
    await proxy.post(rpc, signHi)
    expect(server.refused).toEqual([])
  })

  it('says to sign out and in again on this device when the session has no key at all', async () => {
    const { proxy, api, keyStore } = await setUp({ keyStore: memoryKeyStore(), sessionKey: null })
    await proxy.init(userId)
    const state = proxy.getState()
    expect(state.status === 'error' && state.error).toBeInstanceOf(WalletKeyMissingError)
    expect(state.status === 'error' && state.error.message).toMatch(
      /no key on this device.*Sign out and sign in again on this device/,
    )
    // No code flow: asking was enough to learn that, and nothing is kept.
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([])
    expect(await keyStore.load()).toBeUndefined()
    await expect(proxy.post(rpc, signHi)).rejects.toThrow(WalletKeyMissingError)
  })

  it('says to sign out and in when the session keeps a key this browser lost', async () => {
    const lost = await makeWalletKey(userId)
    const { proxy, keyStore } = await setUp({ keyStore: memoryKeyStore(), sessionKey: lost.publicKey })
    await proxy.init(userId)
    const state = proxy.getState()
    expect(state.status).toBe('error')
    expect(state.status === 'error' && state.error).toBeInstanceOf(WalletKeyMismatchError)
    expect(state.status === 'error' && state.error.message).toMatch(/Sign out and sign in again/)
    // The refused key is not kept.
    expect(await keyStore.load()).toBeUndefined()
    await expect(proxy.post(rpc, signHi)).rejects.toThrow(WalletKeyMismatchError)
  })

  it('turns a 4100 on a request into the same advice', async () => {
    const { proxy, server } = await setUp()
    await proxy.init(userId)
    server.registeredKeys[0] = (await makeWalletKey(userId)).publicKey
    await expect(proxy.post(rpc, signHi)).rejects.toThrow(WalletKeyMismatchError)
    expect(proxy.getState().status).toBe('error')
  })

  it('adopts the key another tab registered for the session a moment before', async () => {
    const otherTab = await makeWalletKey(userId)
    const keyStore = memoryKeyStore()
    const { proxy } = await setUp({ keyStore, sessionKey: otherTab.publicKey })
    // The other tab stores its key just after this one looked.
    const load = keyStore.load
    let looks = 0
    keyStore.load = async () => (looks++ === 0 ? undefined : otherTab)
    await proxy.init(userId)
    keyStore.load = load
    expect(proxy.getState().status).toBe('ready')
  })

  it('starts once for two calls at the same moment', async () => {
    const { proxy, api } = await setUp()
    await Promise.all([proxy.init(userId), proxy.init(userId)])
    expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toHaveLength(1)
  })

  it('says when the server cannot be reached, and starts again when asked', async () => {
    const { proxy, server } = await setUp()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await proxy.init(userId)
    const state = proxy.getState()
    expect(state.status === 'error' && state.error.message).toMatch(/cannot be reached/)
    await expect(proxy.post(rpc, signHi)).rejects.toThrow('Wallet proxy not initialized')
    stubApi(server.routes)
    await proxy.init(userId)
    expect(proxy.getState().status).toBe('ready')
  })
})
