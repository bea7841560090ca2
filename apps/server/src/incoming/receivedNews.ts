import { toUnixSeconds } from '@charter/core'
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { Chains } from '../chains/Chains.ts'
import type { Db } from '../db/Database.ts'
import { incomingReceipts, walletActivity } from '../db/schema.ts'
import { type Received, receivedView, sendersFor } from './receivedView.ts'

/** How many receipts one answer of news holds: the home announces a few, the rest are in Activity. */
const newsLength = 10

/** A receipt not yet announced: its activity line's id and time, and what was received. */
export type ReceivedNews = { id: number; created_at: number } & Received

/** The member's receipts the home has not announced yet, oldest first, at most `newsLength`. */
export async function receivedNews(db: Db, chains: Chains, userId: string): Promise<ReceivedNews[]> {
  const rows = await db
    .select({
      id: walletActivity.id,
      createdAt: incomingReceipts.createdAt,
      chainId: incomingReceipts.chainId,
      asset: incomingReceipts.asset,
      amount: incomingReceipts.amount,
      fromAddress: incomingReceipts.fromAddress,
      txHash: incomingReceipts.txHash,
    })
    .from(incomingReceipts)
    .innerJoin(walletActivity, eq(walletActivity.receiptId, incomingReceipts.id))
    .where(and(eq(incomingReceipts.userId, userId), eq(incomingReceipts.announced, false)))
    .orderBy(asc(walletActivity.id))
    .limit(newsLength)
  if (rows.length === 0) return []
  const senders = await sendersFor(db, userId)
  return rows.map((row) => ({
    id: row.id,
    created_at: toUnixSeconds(row.createdAt),
    ...receivedView(chains, senders, row).received,
  }))
}

/**
 * Marks the member's receipts whose activity lines are `through` or older announced. Only the member's own:
 * an id of another member's line marks nothing of theirs, and nothing of the member's beyond it.
 */
export async function markNewsSeen(db: Db, userId: string, through: number): Promise<void> {
  await db
    .update(incomingReceipts)
    .set({ announced: true })
    .where(
      and(
        eq(incomingReceipts.userId, userId),
        eq(incomingReceipts.announced, false),
        inArray(
          incomingReceipts.id,
          db
            .select({ id: walletActivity.receiptId })
            .from(walletActivity)
            .where(and(eq(walletActivity.userId, userId), lte(walletActivity.id, through))),
        ),
      ),
    )
}
