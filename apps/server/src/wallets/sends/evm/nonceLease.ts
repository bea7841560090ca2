import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/Database.ts'
import { feePayerNonces, walletNonces } from '../../../db/schema.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'

/** Long enough for a nonce to be read, a transaction recorded and broadcast (each node call is bounded at 10 s). */
export const leaseMs = 45_000
/** How long a send waits for the wallet's other sends on this chain before it gives up. */
const waitMs = 60_000

/**
 * Whose nonces a lease guards on a chain: a member's wallet (its own sends), or a fee payer that is no member's
 * wallet (the sponsor, whose one nonce sequence every member's sponsored sends share; its address, any case).
 */
export type NonceLeaseKey = { walletId: string; chainId: number } | { feePayer: string; chainId: number }

/** The table and the row of a lease key: the two tables have the same lease columns. */
function leaseRow(key: NonceLeaseKey) {
  if ('walletId' in key) {
    return {
      table: walletNonces,
      values: { walletId: key.walletId, chainId: key.chainId },
      mine: and(eq(walletNonces.walletId, key.walletId), eq(walletNonces.chainId, key.chainId)),
    }
  }
  const feePayer = key.feePayer.toLowerCase()
  return {
    // Typed as wallet_nonces: the lease reads and writes only the columns both tables share.
    table: feePayerNonces as unknown as typeof walletNonces,
    values: { feePayer, chainId: key.chainId } as unknown as typeof walletNonces.$inferInsert,
    mine: and(eq(feePayerNonces.feePayer, feePayer), eq(feePayerNonces.chainId, key.chainId)),
  }
}

/**
 * Runs `work` holding the (wallet or fee payer, chain) lease: one send at a time chooses a nonce, records and
 * broadcasts, across every server process on this database. The lease is one conditional UPDATE, atomic on
 * PostgreSQL and PGlite alike, and no transaction stays open while the node is called (PGlite has one connection:
 * an open transaction would stop every other query). A holder that crashed is waited out: its lease ends by itself.
 */
export async function withNonceLease<T>(
  db: Db,
  key: NonceLeaseKey,
  work: (lease: { setNextNonce(next: number): Promise<void> }) => Promise<T>,
): Promise<T> {
  const holder = randomUUID()
  const { table, values, mine } = leaseRow(key)
  await db.insert(table).values(values).onConflictDoNothing()
  const giveUpAt = Date.now() + waitMs
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    const taken = await db
      .update(table)
      .set({ leaseHolder: holder, leaseEndsAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(and(mine, or(isNull(table.leaseEndsAt), lt(table.leaseEndsAt, sql`now()`))))
      .returning({ holder: table.leaseHolder })
    if (taken.length > 0) break
    if (Date.now() > giveUpAt) {
      throw new WalletApiError(
        -32603,
        409,
        'walletId' in key
          ? "This wallet's other sends on this chain are still going out. Try again."
          : 'Many sends whose fee is paid for the member are going out on this chain right now. Try again.',
      )
    }
    await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause))
  }
  const held = and(mine, eq(table.leaseHolder, holder))
  try {
    return await work({
      setNextNonce: async (next) => {
        await db.update(table).set({ nextNonce: next }).where(held)
      },
    })
  } finally {
    await db.update(table).set({ leaseHolder: null, leaseEndsAt: null }).where(held)
  }
}
