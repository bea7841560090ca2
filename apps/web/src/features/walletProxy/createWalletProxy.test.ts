import { createPublicKey, verify } from 'node:crypto'
import { authorizationPayload, MustBeAuthenticatedError, WalletProxyNotInitializedError } from '@charter/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId, walletServer } from '../../testing/walletServer.ts'
import { createWalletProxy } from './createWalletProxy.ts'
import { makeWalletKey } from './makeWalletKey.ts'
import { memoryKeyStore } from './memoryKeyStore.ts'
import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import type { WalletKeyStore } from './WalletKeyStore.ts'

const userId = 'did:charter:cm3np4u9j001rc8b73seqmqqk'
const rpcPath = `/api/v1/wallets/${evmWalletId}/rpc`
const personalSign = { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } }

function setUp(options: { keyStore?: WalletKeyStore; sessionKey?: string; now?: () => number } = {}) {
  const server = walletServer({ appId: 'charter-test', sessionKey: options.sessionKey })
  const api = stubApi(server.routes)
  const keyStore = options.keyStore ?? memoryKeyStore()
  const proxy = createWalletProxy({ keyStore, appId: async () => 'charter-test', now: options.now })
  return { server, api, keyStore, proxy }
}

describe('the wallet proxy', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('registers a fresh, non-extractable P-256 key and signs requests the server accepts', async () => {
    const now = 1_800_000_000_000
    const { server, api, keyStore, proxy } = setUp({ now: () => now })
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
    const answer = await proxy.post(rpcPath, personalSign, { idempotencyKey: 'sign-1' })
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

  it('answers “Wallet proxy not initialized” before its key is ready', async () => {
    const { proxy, api } = setUp()
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow(WalletProxyNotInitializedError)
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow('Wallet proxy not initialized')
    const starting = proxy.init(userId)
    expect(proxy.getState().status).toBe('pending')
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow('Wallet proxy not initialized')
    await starting
    expect(api.bodiesOf(`POST ${rpcPath}`)).toEqual([])
  })

  it('answers “User must be authenticated” once the session is over', async () => {
    const { proxy } = setUp()
    await proxy.init(userId)
    proxy.signOut()
    const refusal = proxy.post(rpcPath, personalSign)
    await expect(refusal).rejects.toThrow(MustBeAuthenticatedError)
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow('User must be authenticated')
  })

  it('signs itself out when the server says the session is gone', async () => {
    const { proxy, server } = setUp()
    await proxy.init(userId)
    stubApi({
      ...server.routes,
      [`POST ${rpcPath}`]: () =>
        Response.json({ error: 'Please sign in first.', code: 'must_be_authenticated' }, { status: 401 }),
    })
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow('User must be authenticated')
    expect(proxy.getState()).toEqual({ status: 'signed-out' })
  })

  it('reuses the stored key after a reload: registers it again, makes no new one', async () => {
    const stored = await makeWalletKey(userId)
    const { proxy, api, server } = setUp({ keyStore: memoryKeyStore(stored), sessionKey: stored.publicKey })
    await proxy.init(userId)
    expect(proxy.getState().status).toBe('ready')
    expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toEqual([
      { public_key: stored.publicKey },
    ])
    await proxy.post(rpcPath, personalSign)
    expect(server.refused).toEqual([])
  })

  it('makes a fresh key for another user than the stored key’s', async () => {
    const stored = await makeWalletKey('did:charter:someone-else')
    const keyStore = memoryKeyStore(stored)
    const { proxy, server } = setUp({ keyStore })
    await proxy.init(userId)
    const now = await keyStore.load()
    expect(now?.userId).toBe(userId)
    expect(now?.publicKey).not.toBe(stored.publicKey)
    expect(server.registeredKeys).toEqual([now?.publicKey])
  })

  it('says to sign out and in when the session keeps a key this browser lost', async () => {
    const lost = await makeWalletKey(userId)
    const { proxy, keyStore } = setUp({ sessionKey: lost.publicKey })
    await proxy.init(userId)
    const state = proxy.getState()
    expect(state.status).toBe('error')
    expect(state.status === 'error' && state.error).toBeInstanceOf(WalletKeyMismatchError)
    expect(state.status === 'error' && state.error.message).toMatch(/Sign out and sign in again/)
    // The refused key is not kept.
    expect(await keyStore.load()).toBeUndefined()
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow(WalletKeyMismatchError)
  })

  it('turns a 4100 on a request into the same advice', async () => {
    const { proxy, server } = setUp()
    await proxy.init(userId)
    server.registeredKeys[0] = (await makeWalletKey(userId)).publicKey
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow(WalletKeyMismatchError)
    expect(proxy.getState().status).toBe('error')
  })

  it('adopts the key another tab registered for the session a moment before', async () => {
    const otherTab = await makeWalletKey(userId)
    const keyStore = memoryKeyStore()
    const { proxy } = setUp({ keyStore, sessionKey: otherTab.publicKey })
    // The other tab stores its key just after this one looked.
    const load = keyStore.load
    let looks = 0
    keyStore.load = async () => (looks++ === 0 ? undefined : otherTab)
    await proxy.init(userId)
    keyStore.load = load
    expect(proxy.getState().status).toBe('ready')
  })

  it('keeps a fresh key from before it is registered, so a page left in between registers it next time', async () => {
    const keyStore = memoryKeyStore()
    const { proxy, server } = setUp({ keyStore })
    // The page goes away while the registration is on its way: the server took the key, the page never heard.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await proxy.init(userId)
    const kept = await keyStore.load()
    expect(kept?.userId).toBe(userId)
    server.registeredKeys[0] = kept?.publicKey as string
    // The next page: a new proxy, the same browser storage, the same session.
    stubApi(server.routes)
    const next = createWalletProxy({ keyStore, appId: async () => 'charter-test' })
    await next.init(userId)
    expect(next.getState().status).toBe('ready')
    expect((await keyStore.load())?.publicKey).toBe(kept?.publicKey)
  })

  it('starts once for two calls at the same moment', async () => {
    const { proxy, api } = setUp()
    await Promise.all([proxy.init(userId), proxy.init(userId)])
    expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toHaveLength(1)
  })

  it('says when the server cannot be reached, and starts again when asked', async () => {
    const { proxy, server } = setUp()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await proxy.init(userId)
    const state = proxy.getState()
    expect(state.status === 'error' && state.error.message).toMatch(/cannot be reached/)
    await expect(proxy.post(rpcPath, personalSign)).rejects.toThrow('Wallet proxy not initialized')
    stubApi(server.routes)
    await proxy.init(userId)
    expect(proxy.getState().status).toBe('ready')
  })
})
