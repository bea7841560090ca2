import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, WalletCaller } from '../testing/WalletCaller.ts'

let server: TestServer
let me: WalletCaller
let evm: MemberWallet

beforeAll(async () => {
  server = await startTestServer()
  const member = await signedInMember(server.url)
  me = member.caller
  evm = member.wallet('ethereum')
})
afterAll(() => server.close())

describe('refusals', () => {
  const message = { message: 'hi', encoding: 'utf-8' }

  it('refuses a body other than the one signed', async () => {
    const answer = await me.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'personal_sign', params: message },
      {
        sentBody: { method: 'personal_sign', params: { message: 'send everything', encoding: 'utf-8' } },
      },
    )
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe(4100)
  })

  it('refuses a signature by another session’s key', async () => {
    const { caller: other } = await signedInMember(server.url)
    const answer = await me.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'personal_sign', params: message },
      {
        key: other.privateKey,
      },
    )
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe(4100)
  })

  it('refuses a request without a signature, or without a registered key', async () => {
    const unsigned = await me.api.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'personal_sign', params: message },
      {
        'privy-app-id': server.appId,
      },
    )
    expect(unsigned.body.code).toBe(4100)
    const api = new ApiClient(server.url)
    await api.signInByEmail(uniqueEmail())
    const unregistered = await new WalletCaller(api).rpc(evm.id, 'personal_sign', message)
    expect(unregistered.status).toBe(401)
    expect(unregistered.body).toEqual({
      error:
        'This session has no device key, so it cannot make this request. Sign out and sign in again on this device.',
      code: 4100,
    })
  })

  it('keeps the key a session was born with', async () => {
    const again = await new WalletCaller(me.api).register()
    expect(again.status).toBe(400)
    expect(again.body.error).toContain('already has a device key')
    expect((await me.register()).status).toBe(200)
  })

  it('refuses an expired request, allowing 30 seconds either way for clocks that differ', async () => {
    const expiringIn = (ms: number) =>
      me.rpc(evm.id, 'personal_sign', message, {
        headers: { 'privy-request-expiry': String(Date.now() + ms) },
      })
    // A device clock a few seconds behind, or a request that waited: still taken.
    expect((await expiringIn(-1_000)).status).toBe(200)
    expect((await expiringIn(-20_000)).status).toBe(200)
    const expired = await expiringIn(-40_000)
    expect(expired.status).toBe(400)
    expect(expired.body.code).toBe(-32600)
    expect(expired.body.error).toMatch(
      /^This request expired at \S+; the server's time is \S+ \(30 seconds are allowed either way for clocks that differ\)\. Sign it again with a later privy-request-expiry, and check this device's clock\.$/,
    )
    // A clock ahead: up to 30 minutes and 30 seconds from the server's now, no further.
    expect((await expiringIn(30 * 60_000 + 20_000)).status).toBe(200)
    const tooFar = await expiringIn(30 * 60_000 + 40_000)
    expect(tooFar.status).toBe(400)
    expect(tooFar.body.error).toMatch(
      /^privy-request-expiry: must be at most 30 minutes ahead \(30 seconds are allowed either way for clocks that differ\), so a signed request cannot be kept for later/,
    )
  })

  it('answers an idempotency key with the first answer, and refuses it for another body', async () => {
    const headers = { 'privy-idempotency-key': `key-${randomBytes(8).toString('hex')}` }
    const first = await me.rpc(evm.id, 'personal_sign', message, { headers })
    const second = await me.rpc(evm.id, 'personal_sign', message, { headers })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('privy-idempotency-replayed')).toBe('true')
    const other = await me.rpc(
      evm.id,
      'personal_sign',
      { message: 'something else', encoding: 'utf-8' },
      { headers },
    )
    expect(other.status).toBe(409)
    expect(other.body).toEqual({
      error: 'This idempotency key was already used for a different request.',
      code: -32600,
    })
  })

  it('refuses another user’s wallet as if it did not exist', async () => {
    const { caller: other } = await signedInMember(server.url)
    const answer = await other.rpc(evm.id, 'personal_sign', message)
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('embedded_wallet_not_found')
  })

  it('answers an unknown method with 4200 and bad params with -32602', async () => {
    const unknown = await me.rpc(evm.id, 'eth_sign', message)
    expect(unknown.body.code).toBe(4200)
    expect(unknown.body.error).toContain('eth_sign is not a method of an Ethereum wallet')
    const solanaOnEvm = await me.rpc(evm.id, 'signMessage', { message: 'aGk=', encoding: 'base64' })
    expect(solanaOnEvm.body.code).toBe(4200)
    const bad = await me.rpc(evm.id, 'personal_sign', { message: 42, encoding: 'utf-8' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe(-32602)
    expect(bad.body.error).toMatch(/^params\.message: /)
    const badTransaction = await me.rpc(evm.id, 'eth_signTransaction', {
      transaction: { chain_id: 1, to: 'nowhere' },
    })
    expect(badTransaction.body).toEqual({ error: 'params.transaction.to: must be an address', code: -32602 })
  })

  it('wants the app id header', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', message, {
      headers: { 'privy-app-id': 'another-app' },
    })
    expect(answer.body.code).toBe('missing_or_invalid_privy_app_id')
  })
})
