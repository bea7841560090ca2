import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/Database.ts'
import { walletNonces } from '../../../db/schema.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'

/** Long enough for a nonce to be read, a transaction recorded and broadcast (each node call is bounded at 10 s). */
export const leaseMs = 45_000
/** How long a send waits for the wallet's other sends on this chain before it gives up. */
const waitMs = 60_000

/**
 * Runs `work` holding the (wallet, chain) lease: one send at a time chooses a nonce, records and broadcasts, across
 * every server process on this database. The lease is one conditional UPDATE, atomic on PostgreSQL and PGlite
 * alike, and no transaction stays open while the node is called (PGlite has one connection: an open transaction
 * would stop every other query). A holder that crashed is waited out: its lease ends by itself.
 */
export async function withNonceLease<T>(
  db: Db,
  key: { walletId: string; chainId: number },
  work: (lease: { setNextNonce(next: number): Promise<void> }) => Promise<T>,
): Promise<T> {
  const holder = randomUUID()
  const mine = and(eq(walletNonces.walletId, key.walletId), eq(walletNonces.chainId, key.chainId))
  await db.insert(walletNonces).values({ walletId: key.walletId, chainId: key.chainId }).onConflictDoNothing()
  const giveUpAt = Date.now() + waitMs
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    const taken = await db
      .update(walletNonces)
      .set({ leaseHolder: holder, leaseEndsAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(and(mine, or(isNull(walletNonces.leaseEndsAt), lt(walletNonces.leaseEndsAt, sql`now()`))))
      .returning({ holder: walletNonces.leaseHolder })
    if (taken.length > 0) break
    if (Date.now() > giveUpAt) {
      throw new WalletApiError(
        -32603,
        409,
        "This wallet's other sends on this chain are still going out. Try again.",
      )
    }
    await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause))
  }
  const held = and(mine, eq(walletNonces.leaseHolder, holder))
  try {
    return await work({
      setNextNonce: async (next) => {
        await db.update(walletNonces).set({ nextNonce: next }).where(held)
      },
    })
  } finally {
    await db.update(walletNonces).set({ leaseHolder: null, leaseEndsAt: null }).where(held)
  }
}
