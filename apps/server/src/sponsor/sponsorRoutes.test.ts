import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizationMembers, organizations } from '../db/schema.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'

// GET /api/v1/sponsor over HTTP, in each mode, and /api/health's line for the sponsor once the local devnets
// have funded it.

describe('GET /api/v1/sponsor', () => {
  let members: TestServer
  beforeAll(async () => {
    members = await startTestServer({ env: { SPONSOR_FEES: 'members', LOCAL_CHAINS: 'on' } })
  })
  afterAll(() => members.close())

  it('tells a member they are covered, where, by which addresses, and what is left', async () => {
    const member = await signedInMember(members.url)
    const answer = await member.api.get('/api/v1/sponsor')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      mode: 'members',
      covered: true,
      payer: 'Charter',
      evm: { address: members.parts.sponsor.address('ethereum') },
      solana: { address: members.parts.sponsor.address('solana') },
      chains: ['84532', '421614', 'devnet'],
      allowance: { sends_left: 20, sends_per_window: 20, window_hours: 24, next_free_at: null },
    })
    const userId = (await member.api.get('/api/v1/users/me')).body as Json
    await members.parts.sponsor.reserve({ userId: userId.user.id, caip2: 'eip155:84532', maxFee: 1000n })
    const after = (await member.api.get('/api/v1/sponsor')).body as Json
    expect(after.allowance.sends_left).toBe(19)
    expect(after.allowance.next_free_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600)
    // Another member's answer is their own: what the first spent is not theirs to see or lose.
    const other = await signedInMember(members.url)
    const theirs = (await other.api.get('/api/v1/sponsor')).body as Json
    expect(theirs.allowance).toEqual({
      sends_left: 20,
      sends_per_window: 20,
      window_hours: 24,
      next_free_at: null,
    })
  })

  it('answers nobody without a session', async () => {
    const answer = await new ApiClient(members.url).get('/api/v1/sponsor')
    expect(answer.status).toBe(401)
  })

  it('shows the sponsor on /api/health with its balances once the devnets funded it', async () => {
    const health = (await new ApiClient(members.url).get('/api/health')).body as Json
    const line = health.parts.sponsor
    expect(line.status).toBe('ok')
    expect(line.detail).not.toMatch(/^low/)
    expect(line.sponsor.addresses.ethereum).toBe(members.parts.sponsor.address('ethereum'))
    expect(line.sponsor.balances).toEqual([
      { chain: '84532', name: expect.any(String), balance: '10', symbol: 'ETH', low: false },
      { chain: '421614', name: expect.any(String), balance: '10', symbol: 'ETH', low: false },
      { chain: 'devnet', name: expect.any(String), balance: '10', symbol: 'SOL', low: false },
    ])
    // The parts start in order: the chains before the sponsor, the sponsor before the jobs.
    const order = Object.keys(health.parts)
    expect(order.indexOf('chains')).toBeLessThan(order.indexOf('sponsor'))
    expect(order.indexOf('sponsor')).toBeLessThan(order.indexOf('jobs'))
  })
})

describe('the sponsor at a restart', () => {
  it('is not funded again while it holds enough, and health warns below the threshold', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'charter-sponsor-'))
    const env = { SPONSOR_FEES: 'members', LOCAL_CHAINS: 'on' }
    try {
      const first = await startTestServer({ dataDir, env })
      const address = first.parts.sponsor.address('ethereum')
      await first.close()
      // The same data folder (master key, devnets' state) and database, with a threshold above what the sponsor
      // holds on the EVM chains: funded once more there (10 → 20), still below it; Solana's 10 is above its own.
      const again = await startTestServer({ dataDir, env: { ...env, SPONSOR_LOW_BALANCE_ETH: '50' } })
      try {
        expect(again.parts.sponsor.address('ethereum')).toBe(address)
        const line = ((await new ApiClient(again.url).get('/api/health')).body as Json).parts.sponsor
        expect(line.status).toBe('ok')
        expect(line.detail).toMatch(/^low: /)
        expect(line.sponsor.balances.find((each: Json) => each.chain === '84532')).toMatchObject({
          balance: '20',
          low: true,
        })
        expect(line.sponsor.balances.find((each: Json) => each.chain === 'devnet')).toMatchObject({
          balance: '10',
          low: false,
        })
      } finally {
        await again.close()
      }
      // Above the threshold again: nothing is added.
      const third = await startTestServer({ dataDir, env })
      try {
        const line = ((await new ApiClient(third.url).get('/api/health')).body as Json).parts.sponsor
        expect(line.sponsor.balances.find((each: Json) => each.chain === '84532')).toMatchObject({
          balance: '20',
          low: false,
        })
      } finally {
        await third.close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('GET /api/v1/sponsor when sponsorship is off', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { SPONSOR_FEES: 'off' } })
  })
  afterAll(() => server.close())

  it('says so, with no address and no chain', async () => {
    const member = await signedInMember(server.url)
    expect((await member.api.get('/api/v1/sponsor')).body).toEqual({
      mode: 'off',
      covered: false,
      payer: 'Charter',
      evm: null,
      solana: null,
      chains: [],
      allowance: { sends_left: 0, sends_per_window: 0, window_hours: 24, next_free_at: null },
    })
    const health = (await new ApiClient(server.url).get('/api/health')).body as Json
    expect(health.parts.sponsor).toEqual({ status: 'ok', detail: 'off' })
  })
})

describe('GET /api/v1/sponsor for members of organisations', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { SPONSOR_FEES: 'organizations', LOCAL_CHAINS: 'on' } })
  })
  afterAll(() => server.close())

  it('covers a member of one organisation, and not a member of none, nor one who left', async () => {
    const database = await sharedTestDatabase()
    const outsider = await signedInMember(server.url)
    const insider = await signedInMember(server.url)
    const leaver = await signedInMember(server.url)
    const idOf = async (member: typeof outsider) =>
      ((await member.api.get('/api/v1/users/me')).body as Json).user.id as string
    const organizationId = randomUUID()
    await database.db
      .insert(organizations)
      .values({ id: organizationId, name: 'Ana’s bakery', cid: 'bafy', createdBy: await idOf(insider) })
    await database.db.insert(organizationMembers).values([
      { organizationId, userId: await idOf(insider), membership: 'member' },
      { organizationId, userId: await idOf(leaver), membership: 'member', removedAt: new Date() },
    ])
    const outside = (await outsider.api.get('/api/v1/sponsor')).body as Json
    expect(outside).toMatchObject({ mode: 'organizations', covered: false, chains: [] })
    expect(outside.allowance.sends_left).toBe(0)
    expect(outside.evm.address).toBe(server.parts.sponsor.address('ethereum'))
    expect(((await leaver.api.get('/api/v1/sponsor')).body as Json).covered).toBe(false)
    const inside = (await insider.api.get('/api/v1/sponsor')).body as Json
    expect(inside).toMatchObject({
      mode: 'organizations',
      covered: true,
      chains: ['84532', '421614', 'devnet'],
    })
    expect(inside.allowance.sends_left).toBe(20)
  })
})
