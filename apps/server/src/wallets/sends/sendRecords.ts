import { toUnixSeconds } from '@charter/core'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Chains } from '../../chains/Chains.ts'
import type { Db } from '../../db/Database.ts'
import { sends, wallets } from '../../db/schema.ts'
import { refreshEvmSend } from './evm/refreshEvmSend.ts'
import { sendExplorer } from './sendExplorer.ts'
import { refreshSolanaSend } from './solana/refreshSolanaSend.ts'

type SendRow = typeof sends.$inferSelect

/** A send as `GET /wallets/:id/sends` shows it. */
export type PublicSend = {
  id: string
  wallet_id: string
  caip2: string
  /** The transaction hash (EVM) or signature (Solana, base58). */
  hash: string
  /** EVM only; null on Solana. */
  nonce: number | null
  /** The recipient; on Solana, of the first transfer (or the first program the transaction calls). */
  to: string
  /** Wei or lamports leaving the wallet, decimal. */
  value: string
  /**
   * A USDC transfer's real recipient (on Solana the owner, never the token account) and amount (base units,
   * 6 decimals); null for anything else.
   */
  token: { symbol: 'USDC'; to: string; amount: string } | null
  status: SendRow['status']
  reason: string | null
  /** The block (EVM) or slot (Solana) it landed in. */
  block_number: string | null
  /** The transaction's page on its chain's explorer; null on a local devnet, where the hash alone is shown. */
  explorer_url: string | null
  /** Unix seconds. */
  created_at: number
  updated_at: number
}

export const toPublicSend = (row: SendRow, chains: Chains): PublicSend => ({
  id: row.id,
  wallet_id: row.walletId,
  caip2: row.caip2,
  hash: row.hash,
  nonce: row.nonce,
  to: row.toAddress,
  value: row.value,
  token: row.tokenTo && row.tokenAmount ? { symbol: 'USDC', to: row.tokenTo, amount: row.tokenAmount } : null,
  status: row.status,
  reason: row.reason,
  block_number: row.blockNumber,
  explorer_url: sendExplorer(chains, row)?.url ?? null,
  created_at: toUnixSeconds(row.createdAt),
  updated_at: toUnixSeconds(row.updatedAt),
})

/**
 * Follows a pending send one step, by its chain's kind: an EVM send by its receipt and nonce
 * (evm/refreshEvmSend.ts), a Solana send by its signature (solana/refreshSolanaSend.ts). A node that cannot be
 * reached leaves it pending, to be read again.
 */
export async function refreshSend(db: Db, chains: Chains, row: SendRow, address: string): Promise<SendRow> {
  return row.caip2.startsWith('solana:')
    ? refreshSolanaSend(db, chains, row)
    : refreshEvmSend(db, chains, row, address)
}

/** A page of a wallet's sends, newest first, older than send `before` when given; pending ones refreshed. */
export async function listSends(
  db: Db,
  chains: Chains,
  wallet: { id: string; address: string },
  { before, limit }: { before?: string | undefined; limit: number },
): Promise<{ data: PublicSend[]; next_before: string | null }> {
  // Compared in the database, to the microsecond (a Date keeps milliseconds); sends made at the same instant
  // (concurrent ones) are ordered by id, so none is skipped or repeated between pages.
  const older =
    before === undefined
      ? undefined
      : sql`(${sends.createdAt}, ${sends.id}) < (SELECT created_at, id FROM sends WHERE id = ${before} AND wallet_id = ${wallet.id})`
  const rows = await db
    .select()
    .from(sends)
    .where(and(eq(sends.walletId, wallet.id), older))
    .orderBy(desc(sends.createdAt), desc(sends.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const fresh = await Promise.all(page.map((row) => refreshSend(db, chains, row, wallet.address)))
  return {
    data: fresh.map((row) => toPublicSend(row, chains)),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  }
}

/** One of the wallet's sends, refreshed; undefined when the wallet has no such send. */
export async function findSend(
  db: Db,
  chains: Chains,
  wallet: { id: string; address: string },
  sendId: string,
): Promise<PublicSend | undefined> {
  const [row] = await db
    .select()
    .from(sends)
    .where(and(eq(sends.id, sendId), eq(sends.walletId, wallet.id)))
  return row && toPublicSend(await refreshSend(db, chains, row, wallet.address), chains)
}

/**
 * The 30-second job (jobs/serverJobs.ts): follows up to `batch` sends still pending, the oldest first, so a send nobody
 * looks at still reaches `confirmed`, `failed` or, recorded and never broadcast, `interrupted`. Safe on every replica at once: an update applies only to a send
 * still pending.
 */
export async function followPendingSends(db: Db, chains: Chains, batch = 100): Promise<number> {
  const rows = await db
    .select({ send: sends, address: wallets.address })
    .from(sends)
    .innerJoin(wallets, eq(wallets.id, sends.walletId))
    .where(eq(sends.status, 'pending'))
    .orderBy(asc(sends.createdAt))
    .limit(batch)
  let settled = 0
  for (const { send, address } of rows) {
    if ((await refreshSend(db, chains, send, address)).status !== 'pending') settled += 1
  }
  return settled
}
