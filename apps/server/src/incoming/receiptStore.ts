import { createHash } from 'node:crypto'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { type Backfill, incomingCursors, incomingReceipts } from '../db/schema.ts'

/** Money a pass found arriving in a member's wallet, before it is stored. */
export type FoundReceipt = {
  userId: string
  walletId: string
  /** As GET /chains names the chain: '84532', 'devnet'. */
  chainId: string
  txHash: string
  /** Where in the transaction: 'log:<index>', 'native', 'usdc'. */
  position: string
  asset: 'usdc' | 'native'
  amount: bigint
  fromAddress: string
  blockNumber: bigint
  blockHash: string | null
  source: 'chain' | 'send'
  /** The block's time. */
  at: Date
  /** The activity line's words as written ("Received 2.5 USDC"); the list words it again as it reads it. */
  summary: string
}

/**
 * Stores each receipt once with its activity line, in one statement: the receipt is inserted unless its key
 * (chain, transaction, position, wallet) is there already, and the line is written only for a receipt that
 * was. A restart, another pass or another server process finding the same receipt writes nothing. Answers
 * how many were new.
 */
export async function recordReceipts(db: Db, found: readonly FoundReceipt[]): Promise<number> {
  let written = 0
  for (const receipt of found) {
    // A block's time is the producer's word: a local devnet mining many blocks a second runs ahead of the clock.
    // A receipt is never dated in the future, where it would sort above what the member does next.
    const at = receipt.at.getTime() > Date.now() ? new Date() : receipt.at
    const digest = createHash('sha256')
      .update(`${receipt.chainId}\n${receipt.txHash}\n${receipt.position}\n${receipt.walletId}`)
      .digest('hex')
    const result = (await db.execute(sql`
      with receipt as (
        insert into incoming_receipts (user_id, wallet_id, chain_id, tx_hash, position, asset, amount,
          from_address, block_number, block_hash, source, created_at)
        values (${receipt.userId}, ${receipt.walletId}, ${receipt.chainId}, ${receipt.txHash}, ${receipt.position},
          ${receipt.asset}, ${receipt.amount.toString()}, ${receipt.fromAddress}, ${receipt.blockNumber.toString()},
          ${receipt.blockHash}, ${receipt.source}, ${at.toISOString()}::timestamptz)
        on conflict do nothing
        returning id, user_id, wallet_id, created_at
      )
      insert into wallet_activity (user_id, wallet_id, kind, method, digest, summary, created_at, receipt_id)
      select user_id, wallet_id, 'receive', 'receive', ${digest}, ${receipt.summary}, created_at, id from receipt
      returning id`)) as unknown as { rows: { id: unknown }[] }
    written += result.rows.length
  }
  return written
}

/** A stored receipt still above its chain's safe depth: read again until the cursor passes it. */
export type UnsafeReceipt = {
  id: number
  walletId: string
  txHash: string
  blockNumber: bigint
  blockHash: string | null
}

/** The chain-read receipts of these wallets on `chainId` at or above `fromBlock`. */
export async function receiptsAbove(
  db: Db,
  chainId: string,
  walletIds: readonly string[],
  fromBlock: bigint,
): Promise<UnsafeReceipt[]> {
  if (walletIds.length === 0) return []
  return db
    .select({
      id: incomingReceipts.id,
      walletId: incomingReceipts.walletId,
      txHash: incomingReceipts.txHash,
      blockNumber: incomingReceipts.blockNumber,
      blockHash: incomingReceipts.blockHash,
    })
    .from(incomingReceipts)
    .where(
      and(
        eq(incomingReceipts.chainId, chainId),
        inArray(incomingReceipts.walletId, [...walletIds]),
        gte(incomingReceipts.blockNumber, fromBlock),
      ),
    )
}

/** Removes receipts whose transaction the chain no longer holds (a reorg); their activity lines go with them. */
export async function removeReceipts(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(incomingReceipts).where(inArray(incomingReceipts.id, [...ids]))
}

/** Each wallet's cursor on `chainId`: the next block or slot it is read from; absent for a wallet never read. */
export async function cursorsOf(
  db: Db,
  chainId: string,
  walletIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (walletIds.length === 0) return new Map()
  const rows = await db
    .select({ walletId: incomingCursors.walletId, nextBlock: incomingCursors.nextBlock })
    .from(incomingCursors)
    .where(and(eq(incomingCursors.chainId, chainId), inArray(incomingCursors.walletId, [...walletIds])))
  return new Map(rows.map((row) => [row.walletId, row.nextBlock]))
}

/**
 * Moves the wallets' cursors on `chainId` to `nextBlock`, never back: two processes reading at once each move it
 * as far as they read, and the farther one stands.
 */
export async function advanceCursors(
  db: Db,
  chainId: string,
  walletIds: readonly string[],
  nextBlock: bigint,
): Promise<void> {
  if (walletIds.length === 0) return
  await db
    .insert(incomingCursors)
    .values(walletIds.map((walletId) => ({ walletId, chainId, nextBlock })))
    .onConflictDoUpdate({
      target: [incomingCursors.walletId, incomingCursors.chainId],
      set: {
        nextBlock: sql`greatest(${incomingCursors.nextBlock}, excluded.next_block)`,
        updatedAt: sql`now()`,
      },
    })
}

/** The Solana reads cut short of each wallet on `chainId` (`Backfill`), by wallet; absent where none was. */
export async function backfillsOf(
  db: Db,
  chainId: string,
  walletIds: readonly string[],
): Promise<Map<string, Backfill>> {
  if (walletIds.length === 0) return new Map()
  const rows = await db
    .select({ walletId: incomingCursors.walletId, backfill: incomingCursors.backfill })
    .from(incomingCursors)
    .where(and(eq(incomingCursors.chainId, chainId), inArray(incomingCursors.walletId, [...walletIds])))
  return new Map(rows.flatMap((row) => (row.backfill ? [[row.walletId, row.backfill] as const] : [])))
}

/**
 * Keeps where a wallet's cut-short read goes on (null: none is left), its cursor staying where it was (`start`
 * for a wallet read for the first time).
 */
export async function saveBackfill(
  db: Db,
  chainId: string,
  walletId: string,
  start: bigint,
  backfill: Backfill | null,
): Promise<void> {
  await db
    .insert(incomingCursors)
    .values({ walletId, chainId, nextBlock: start, backfill })
    .onConflictDoUpdate({
      target: [incomingCursors.walletId, incomingCursors.chainId],
      set: { backfill: sql`excluded.backfill`, updatedAt: sql`now()` },
    })
}
