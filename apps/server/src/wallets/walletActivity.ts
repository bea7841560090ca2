import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { walletActivity, wallets } from '../db/schema.ts'

/** Writes one line of the owner's activity log: what happened, and a digest of what was signed or exported. */
export async function recordActivity(
  db: Db,
  entry: {
    userId: string
    walletId: string
    kind: 'signature' | 'export'
    method: string
    subject: unknown
    summary: string
  },
): Promise<void> {
  const digest = createHash('sha256')
    .update(canonicalize(entry.subject) ?? '')
    .digest('hex')
  await db.insert(walletActivity).values({
    userId: entry.userId,
    walletId: entry.walletId,
    kind: entry.kind,
    method: entry.method,
    digest,
    summary: entry.summary,
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
