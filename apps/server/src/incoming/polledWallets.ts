import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { sessions, wallets } from '../db/schema.ts'

/** A member's embedded wallet the reader looks at. */
export type PolledWallet = {
  walletId: string
  userId: string
  chainType: 'ethereum' | 'solana'
  address: string
}

/** How recently a member must have used a session for their wallets to be read in production. */
const recentUseMinutes = 60

/**
 * The wallets a pass reads. Locally every member's: the devnets are this machine's and their blocks few. In
 * production only those whose owner used a live session in the last hour: every wallet read is RPC calls paid
 * for on every pass, and what arrives while nobody looks is found when its owner comes back (the cursor
 * stayed where it was, so nothing is missed, only found later).
 */
export async function polledWallets(db: Db, everyWallet: boolean): Promise<PolledWallet[]> {
  const rows = await db
    .select({
      walletId: wallets.id,
      userId: wallets.userId,
      chainType: wallets.chainType,
      address: wallets.address,
    })
    .from(wallets)
    .where(
      everyWallet
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(sessions)
              .where(
                and(
                  eq(sessions.userId, wallets.userId),
                  isNull(sessions.revokedAt),
                  gt(sessions.expiresAt, sql`now()`),
                  gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${recentUseMinutes})`),
                ),
              ),
          ),
    )
  return rows
}
