import { randomUUID } from 'node:crypto'
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/Database.ts'
import { users } from '../db/schema.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { type SponsorAllowanceError, sponsorAllowance } from './sponsorAllowance.ts'

// The member's rolling allowance of sponsored sends: what it lets through when many requests race for the last
// places, and what it says when it refuses.

const baseSepolia = 'eip155:84532'
const arbitrumSepolia = 'eip155:421614'
const solanaDevnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const gwei = parseUnits('1', 9)

let database: Database

const newMember = async () => {
  const id = randomUUID()
  await database.db.insert(users).values({ id })
  return id
}

const allowanceOf = (
  sendsPerDay: number,
  feePerDay = { ethereum: '0.002', solana: '0.01' },
  chainSendsPerHour = 1_000_000,
) =>
  sponsorAllowance({
    db: database.db,
    settings: {
      mode: 'members',
      sendsPerDay,
      chainSendsPerHour,
      feePerDay,
      lowBalance: { ethereum: '0.05', solana: '0.5' },
    },
    oneConnection: database.kind === 'pglite',
  })

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  database = await sharedTestDatabase()
})
afterAll(() => undefined)

describe('the sponsor’s allowance', () => {
  it('lets exactly the allowed number through 20 requests at once, and the next says when', async () => {
    const allowance = allowanceOf(10)
    const member = await newMember()
    const now = new Date('2026-11-28T14:05:00Z')
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        allowance.reserve({ userId: member, caip2: baseSepolia, maxFee: gwei }, now),
      ),
    )
    expect(outcomes.filter((each) => each.status === 'fulfilled')).toHaveLength(10)
    const refused = outcomes.filter((each) => each.status === 'rejected').map((each) => each.reason)
    expect(refused).toHaveLength(10)
    for (const error of refused) {
      expect(error).toBeInstanceOf(WalletApiError)
      expect((error as WalletApiError).status).toBe(429)
      expect((error as WalletApiError).code).toBe(-32005)
      expect((error as WalletApiError).shortMessage).toBe(
        'Charter has paid the network fee of your last 10 sends today; the next can be sponsored tomorrow at 14:05 UTC. You can still send by paying the fee yourself.',
      )
      expect((error as WalletApiError).shortMessage).not.toMatch(/SPONSOR_/)
    }
    expect(await allowance.allowance(member, now)).toEqual({
      sendsLeft: 0,
      sendsPerWindow: 10,
      windowHours: 24,
      nextFreeAt: new Date('2026-11-29T14:05:00Z'),
    })
    // A day later the window has passed them.
    const later = new Date('2026-11-29T14:05:01Z')
    await expect(
      allowance.reserve({ userId: member, caip2: baseSepolia, maxFee: gwei }, later),
    ).resolves.toEqual({
      id: expect.any(String),
    })
  })

  it('leaves another member’s allowance whole', async () => {
    const allowance = allowanceOf(2)
    const [first, second] = [await newMember(), await newMember()]
    await allowance.reserve({ userId: first, caip2: baseSepolia, maxFee: gwei })
    await allowance.reserve({ userId: first, caip2: baseSepolia, maxFee: gwei })
    await expect(allowance.reserve({ userId: first, caip2: baseSepolia, maxFee: gwei })).rejects.toThrow(
      /last 2 sends/,
    )
    expect((await allowance.allowance(second)).sendsLeft).toBe(2)
    await allowance.reserve({ userId: second, caip2: baseSepolia, maxFee: gwei })
    expect((await allowance.allowance(second)).sendsLeft).toBe(1)
  })

  it('gives a place back when a reservation is released, once', async () => {
    const allowance = allowanceOf(1)
    const member = await newMember()
    const held = await allowance.reserve({ userId: member, caip2: solanaDevnet, maxFee: 5000n })
    await expect(allowance.reserve({ userId: member, caip2: solanaDevnet, maxFee: 5000n })).rejects.toThrow()
    await allowance.release(held)
    await allowance.release(held)
    expect((await allowance.allowance(member)).sendsLeft).toBe(1)
    await allowance.reserve({ userId: member, caip2: solanaDevnet, maxFee: 5000n })
    expect((await allowance.allowance(member)).sendsLeft).toBe(0)
  })

  it('caps the fee it pays per chain, each chain apart', async () => {
    const allowance = allowanceOf(100, { ethereum: '0.002', solana: '0.01' })
    const member = await newMember()
    const now = new Date('2026-11-28T09:00:00Z')
    const thousandth = parseUnits('0.001', 18)
    await allowance.reserve({ userId: member, caip2: baseSepolia, maxFee: thousandth }, now)
    const at = new Date('2026-11-28T10:30:00Z')
    await allowance.reserve({ userId: member, caip2: baseSepolia, maxFee: thousandth }, at)
    const refused = (await refusalOf(
      allowance.reserve({ userId: member, caip2: baseSepolia, maxFee: 1n }, new Date('2026-11-28T11:00:00Z')),
    )) as WalletApiError
    expect(refused.status).toBe(429)
    expect(refused.shortMessage).toBe(
      'Charter has paid as much in network fees for your sends on this chain today as it can; the next can be sponsored tomorrow at 09:00 UTC. You can still send by paying the fee yourself.',
    )
    // Another chain has its own.
    await allowance.reserve({ userId: member, caip2: arbitrumSepolia, maxFee: thousandth }, at)
    // A fee above the whole day's cap is never sponsored, and says so without naming it.
    const tooHigh = (await refusalOf(
      allowance.reserve({ userId: member, caip2: solanaDevnet, maxFee: parseUnits('0.02', 9) }),
    )) as WalletApiError
    expect(tooHigh.shortMessage).toBe(
      'Charter cannot pay a network fee this high for you. You can still send by paying the fee yourself.',
    )
  })

  it('refuses a script that asks again and again, served or not', async () => {
    const allowance = allowanceOf(5)
    const member = await newMember()
    const now = new Date('2026-11-28T12:00:00Z')
    let refusedEarly: WalletApiError | undefined
    for (let i = 0; i < 12; i += 1) {
      try {
        const held = await allowance.reserve({ userId: member, caip2: baseSepolia, maxFee: gwei }, now)
        await allowance.release(held)
      } catch (error) {
        refusedEarly = error as WalletApiError
        break
      }
    }
    expect(refusedEarly?.status).toBe(429)
    expect(refusedEarly?.shortMessage).toMatch(/^Too many sponsored sends were asked for in a short time/)
  })

  it('refuses a chain it does not know', async () => {
    const allowance = allowanceOf(5)
    const member = await newMember()
    const refused = (await refusalOf(
      allowance.reserve({ userId: member, caip2: 'cosmos:hub', maxFee: 1n }),
    )) as WalletApiError
    expect(refused.status).toBe(400)
  })

  it('caps every member’s sponsored sends on a chain in an hour: a script with many accounts stops at it', async () => {
    // The shared test database holds other tests' reservations: a chain of this test's own keeps the count exact.
    const chain = `eip155:${900_000 + Math.floor(Math.random() * 90_000)}`
    const otherChain = `eip155:${990_000 + Math.floor(Math.random() * 9_000)}`
    const allowance = allowanceOf(5, { ethereum: '0.002', solana: '0.01' }, 6)
    const now = new Date('2026-11-28T16:00:00Z')
    const members = await Promise.all(Array.from({ length: 10 }, () => newMember()))
    // 20 requests at once, two from each of ten members: exactly the cap goes through, none over it.
    const outcomes = await Promise.allSettled(
      [...members, ...members].map((userId) =>
        allowance.reserve({ userId, caip2: chain, maxFee: gwei }, now),
      ),
    )
    expect(outcomes.filter((each) => each.status === 'fulfilled')).toHaveLength(6)
    const refused = outcomes.filter((each) => each.status === 'rejected').map((each) => each.reason)
    expect(refused).toHaveLength(14)
    for (const error of refused) {
      expect((error as WalletApiError).status).toBe(429)
      expect((error as WalletApiError).shortMessage).toBe(
        'Charter is paying the network fee of many sends right now; try again in 60 minutes, or send paying the fee yourself.',
      )
      expect((error as WalletApiError).shortMessage).not.toMatch(/SPONSOR_|per hour|300/)
    }
    // A member who has had nothing sponsored is refused too, on that chain only; another chain is unaffected.
    const newcomer = await newMember()
    const later = new Date('2026-11-28T16:45:00Z')
    const refusedLater = (await refusalOf(
      allowance.reserve({ userId: newcomer, caip2: chain, maxFee: gwei }, later),
    )) as SponsorAllowanceError
    expect(refusedLater.shortMessage).toMatch(/try again in 15 minutes, or send paying the fee yourself\.$/)
    expect(refusedLater.retryAfterSeconds).toBe(15 * 60)
    await expect(
      allowance.reserve({ userId: newcomer, caip2: otherChain, maxFee: gwei }, later),
    ).resolves.toEqual({ id: expect.any(String) })
    // An hour after them, the chain takes sponsored sends again.
    await expect(
      allowance.reserve({ userId: newcomer, caip2: chain, maxFee: gwei }, new Date('2026-11-28T17:00:01Z')),
    ).resolves.toEqual({ id: expect.any(String) })
  })

  it('gives the chain’s place back with the reservation', async () => {
    const chain = `eip155:${800_000 + Math.floor(Math.random() * 90_000)}`
    const allowance = allowanceOf(5, { ethereum: '0.002', solana: '0.01' }, 1)
    const [first, second] = [await newMember(), await newMember()]
    const held = await allowance.reserve({ userId: first, caip2: chain, maxFee: gwei })
    await expect(allowance.reserve({ userId: second, caip2: chain, maxFee: gwei })).rejects.toThrow(
      /many sends right now/,
    )
    await allowance.release(held)
    await expect(allowance.reserve({ userId: second, caip2: chain, maxFee: gwei })).resolves.toEqual({
      id: expect.any(String),
    })
  })
})
