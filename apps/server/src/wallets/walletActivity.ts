import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { desc, eq } from 'drizzle-orm'
import { batchWriter } from '../db/batch.ts'
import type { Db } from '../db/Database.ts'
import { walletActivity, wallets } from '../db/schema.ts'

export type ActivityEntry = {
  userId: string
  walletId: string
  kind: 'signature' | 'export' | 'decline'
  method: string
  /** What was signed or exported; only its SHA-256 is kept. */
  subject: unknown
  summary: string
}

/**
 * Writes lines of the owners' activity logs: what happened, and a digest of what was signed or exported.
 * Lines written at the same moment share one INSERT; each caller's answer waits until its line is stored.
 */
export function activityRecorder(db: Db): (entry: ActivityEntry) => Promise<void> {
  return batchWriter(async (entries: ActivityEntry[]) => {
    await db.insert(walletActivity).values(
      entries.map((entry) => ({
        userId: entry.userId,
        walletId: entry.walletId,
        kind: entry.kind,
        method: entry.method,
        digest: createHash('sha256')
          .update(canonicalize(entry.subject) ?? '')
          .digest('hex'),
        summary: entry.summary,
      })),
    )
  })
}

/** The owner's activity, newest first. */
export async function listActivity(db: Db, userId: string, limit = 100) {
  const rows = await db
    .select({
      id: walletActivity.id,
      walletId: walletActivity.walletId,
      address: wallets.address,
      chainType: wallets.chainType,
      kind: walletActivity.kind,
      method: walletActivity.method,
      digest: walletActivity.digest,
      summary: walletActivity.summary,
      createdAt: walletActivity.createdAt,
    })
    .from(walletActivity)
    .innerJoin(wallets, eq(wallets.id, walletActivity.walletId))
    .where(eq(walletActivity.userId, userId))
    .orderBy(desc(walletActivity.createdAt), desc(walletActivity.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    wallet_id: row.walletId,
    address: row.address,
    chain_type: row.chainType,
    kind: row.kind,
    method: row.method,
    digest: row.digest,
    summary: row.summary,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  }))
}
