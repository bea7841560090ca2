import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wallets } from '../db/schema.ts'
import { declinesPerSession } from '../http/declineLimit.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'
import { type MemberWallet, signedInMember, WalletCaller } from '../testing/WalletCaller.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('activity', () => {
  it('lists every signature and export with a digest, newest first, for the owner only', async () => {
    const { caller } = await signedInMember(server.url)
    const user = (await caller.api.get('/api/v1/users/me')).body.user
    const wallet = user.linked_accounts.find((account: MemberWallet) => account.chain_type === 'ethereum')
    await caller.rpc(wallet.id, 'personal_sign', { message: 'one', encoding: 'utf-8' })
    await caller.rpc(wallet.id, 'personal_sign', { message: 'two', encoding: 'utf-8' })
    const { body } = await caller.api.get('/api/v1/wallets/activity')
    expect(body.activity).toHaveLength(2)
    expect(body.activity[0]).toMatchObject({
      wallet_id: wallet.id,
      address: wallet.address,
      kind: 'signature',
      method: 'personal_sign',
      summary: 'Signed a message',
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: expect.any(Number),
    })
    expect(body.activity[0]?.digest).not.toBe(body.activity[1]?.digest)
    expect(JSON.stringify(body)).not.toContain('one')
    await caller.rpc(wallet.id, 'eth_signTransaction', {
      transaction: {
        chain_id: 84532,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: 1,
        nonce: 0,
        gas_limit: 21000,
      },
    })
    const latest = (await caller.api.get('/api/v1/wallets/activity')).body.activity[0]
    expect(latest?.summary).toBe(
      'Signed a transaction on Base Sepolia to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    const { caller: stranger } = await signedInMember(server.url)
    expect((await stranger.api.get('/api/v1/wallets/activity')).body.activity).toEqual([])
  })

  it('keeps no line for a call refused after it said what it would sign', async () => {
    const { caller, wallet } = await signedInMember(server.url)
    const evm = wallet('ethereum')
    await caller.rpc(evm.id, 'personal_sign', { message: 'kept', encoding: 'utf-8' })
    // Values that do not fit their types pass the schema; the signer refuses them as it encodes them, after the
    // line was already on its way.
    const refused = await caller.rpc(evm.id, 'eth_signTypedData_v4', {
      typed_data: {
        domain: {},
        types: { Thing: [{ name: 'size', type: 'uint8' }] },
        message: { size: 'large' },
        primary_type: 'Thing',
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe(-32602)
    const { body } = await caller.api.get('/api/v1/wallets/activity')
    expect(body.activity.map((line: { method: string }) => line.method)).toEqual(['personal_sign'])
  })

  it('answers no signature whose activity line could not be written', async () => {
    const { caller, wallet } = await signedInMember(server.url)
    const evm = wallet('ethereum')
    const first = await caller.rpc(evm.id, 'personal_sign', { message: 'first', encoding: 'utf-8' })
    expect(first.body.data.signature).toMatch(/^0x[0-9a-f]{130}$/)
    // The server keeps the wallet's row from the first call and still opens its key; the line, whose wallet is
    // gone from the database, cannot be written.
    const { db } = await sharedTestDatabase()
    await db.delete(wallets).where(eq(wallets.id, evm.id))
    const second = await caller.rpc(evm.id, 'personal_sign', { message: 'second', encoding: 'utf-8' })
    expect(second.status).toBe(500)
    expect(JSON.stringify(second.body)).not.toMatch(/[0-9a-f]{130}/)
    expect(second.body.data).toBeUndefined()
  })

  it('pages through the history, so a flood of newer lines never pushes an older one out of reach', async () => {
    const { caller, wallet } = await signedInMember(server.url)
    const evm = wallet('ethereum')
    await caller.rpc(evm.id, 'personal_sign', { message: 'the first', encoding: 'utf-8' })
    for (let i = 0; i < 4; i++) {
      expect(
        (await caller.post(`/api/v1/wallets/${evm.id}/decline`, { method: 'personal_sign' })).status,
      ).toBe(200)
    }
    const seen: { id: number; kind: string }[] = []
    let before: number | null = null
    let pages = 0
    do {
      const query: string = before === null ? '?limit=2' : `?limit=2&before=${before}`
      const answer = await caller.api.get(`/api/v1/wallets/activity${query}`)
      expect(answer.status).toBe(200)
      const body = answer.body as unknown as {
        activity: { id: number; kind: string }[]
        next_before: number | null
      }
      expect(body.activity.length).toBeLessThanOrEqual(2)
      seen.push(...body.activity)
      before = body.next_before
      pages += 1
    } while (before !== null && pages < 10)
    expect(pages).toBe(3)
    expect(seen.map((line) => line.kind)).toEqual(['decline', 'decline', 'decline', 'decline', 'signature'])
    // Each line once, newest first.
    const ids = seen.map((line) => line.id)
    expect(new Set(ids).size).toBe(5)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    // The first page by default holds them all, and says nothing is older.
    const whole = (await caller.api.get('/api/v1/wallets/activity')).body
    expect(whole.activity).toHaveLength(5)
    expect(whole.next_before).toBeNull()
  })

  it('refuses a page it cannot read, and gives nothing older than a line of someone else', async () => {
    const { caller, wallet } = await signedInMember(server.url)
    await caller.rpc(wallet('ethereum').id, 'personal_sign', { message: 'mine', encoding: 'utf-8' })
    const mine = (await caller.api.get('/api/v1/wallets/activity')).body.activity[0] as { id: number }
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=1.5',
      'before=-1',
      'before=0',
      'before=abc',
      'before=1&before=2',
      'before=99999999999999999999',
    ]) {
      const { status, body } = await caller.api.get(`/api/v1/wallets/activity?${query}`)
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: 'invalid_data' })
      expect(body.error).toMatch(
        /^(limit: must be a whole number from 1 to 100|before: must be the id of an activity line|before: must be given once)/,
      )
    }
    const { caller: stranger } = await signedInMember(server.url)
    const theirs = await stranger.api.get(`/api/v1/wallets/activity?before=${mine.id + 1}`)
    expect(theirs.status).toBe(200)
    expect(theirs.body).toEqual({ activity: [], next_before: null })
    // Signed out, the route says so before it looks at the query.
    const nobody = await new ApiClient(server.url).get('/api/v1/wallets/activity?limit=0')
    expect(nobody.status).toBe(401)
  })
})

describe('declines', () => {
  it('records at most 20 declines per session in 10 minutes, then answers 429 with when to try again', async () => {
    // The 10-minute window must not turn over between the 20th decline and the refused one.
    await withTimeLeftInWindow(declinesPerSession.windowSeconds, 15_000)
    const { api, caller, wallet, address } = await signedInMember(server.url)
    const evm = wallet('ethereum')
    const decline = (by: WalletCaller) =>
      by.post(`/api/v1/wallets/${evm.id}/decline`, { method: 'personal_sign' })
    for (let count = 0; count < 20; count++) expect((await decline(caller)).status).toBe(200)
    const refused = await decline(caller)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: expect.stringMatching(
        /^This session has recorded 20 declined requests in the last 10 minutes, the most it may, so this one was not recorded \(nothing was signed either way\)\. Try again in \d+ (seconds?|minutes?)\.$/,
      ),
      code: 'too_many_requests',
    })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(600)
    const activity = (await api.get('/api/v1/wallets/activity')).body.activity
    expect(activity.filter((line: { kind: string }) => line.kind === 'decline')).toHaveLength(20)
    // The limit is the session's: the member's other device records its own.
    const otherDevice = new WalletCaller(new ApiClient(server.url))
    expect((await otherDevice.signIn('phone', address)).status).toBe(200)
    expect((await decline(otherDevice)).status).toBe(200)
  })
})
