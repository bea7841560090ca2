import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../db/schema.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'
import { polledWallets } from './polledWallets.ts'
import { ownerOf } from './testing/receivedHelpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

describe('the wallets the reader polls', () => {
  it('reads every wallet locally, and in production those of members seen in the last hour with a live session', async () => {
    const { db } = await sharedTestDatabase()
    const [active, idle, signedOut] = await Promise.all([
      signedInMember(server.url),
      signedInMember(server.url),
      signedInMember(server.url),
    ])
    const ids = async (member: Awaited<ReturnType<typeof signedInMember>>) => ({
      userId: await ownerOf(db, member.wallets[0]?.id ?? ''),
      walletIds: member.wallets.map((wallet) => wallet.id).sort(),
    })
    const [a, b, c] = await Promise.all([ids(active), ids(idle), ids(signedOut)])
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.userId, b.userId))
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, c.userId))
    const polled = (wallets: Awaited<ReturnType<typeof polledWallets>>, userId: string) =>
      wallets
        .filter((wallet) => wallet.userId === userId)
        .map((wallet) => wallet.walletId)
        .sort()

    const everyWallet = await polledWallets(db, true)
    for (const member of [a, b, c]) expect(polled(everyWallet, member.userId)).toEqual(member.walletIds)

    const recent = await polledWallets(db, false)
    expect(polled(recent, a.userId)).toEqual(a.walletIds)
    expect(polled(recent, b.userId)).toEqual([])
    expect(polled(recent, c.userId)).toEqual([])
    expect(recent.every((wallet) => wallet.chainType === 'ethereum' || wallet.chainType === 'solana')).toBe(
      true,
    )
    await db.delete(sessions).where(inArray(sessions.userId, [b.userId, c.userId]))
  })
})
