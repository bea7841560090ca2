import { toUnixSeconds } from '@charter/core'
import { and, desc, eq, inArray, or } from 'drizzle-orm'
import type { Chains } from '../chains/Chains.ts'
import type { Db } from '../db/Database.ts'
import { sends } from '../db/schema.ts'
import { sendCaip2, sendExplorer } from './sends/sendExplorer.ts'
import { refreshSend } from './sends/sendRecords.ts'

/** The send an activity line made, as the activity list shows it: where it stands and where to look it up. */
export type ActivitySend = {
  id: string
  caip2: string
  hash: string
  status: 'pending' | 'confirmed' | 'failed' | 'interrupted'
  /** Why it failed or was interrupted: reverted, dropped, replaced, the node's refusal. */
  reason: string | null
  block_number: string | null
  /** The transaction's page on its explorer, and the explorer's name; both null on a local devnet. */
  explorer_url: string | null
  explorer_name: string | null
  /** Unix seconds: when it was recorded, for a pending send's elapsed time. */
  created_at: number
}

/** A send's key in the map `activitySends` answers: its wallet and its hash. */
export const activitySendKey = (walletId: string, hash: string) => `${walletId}\n${hash}`

/**
 * The sends a page of activity lines made, found by (wallet, hash), each pending one read again from its chain
 * once (as `GET /wallets/:id/sends` does), however many lines name it: a replayed request's line names the
 * same send as the first.
 */
export async function activitySends(
  db: Db,
  chains: Chains,
  lines: readonly { walletId: string; address: string; sendHash: string | null }[],
): Promise<Map<string, ActivitySend>> {
  const wanted = new Map<string, { walletId: string; address: string; hash: string }>()
  for (const line of lines) {
    if (line.sendHash !== null) {
      wanted.set(activitySendKey(line.walletId, line.sendHash), { ...line, hash: line.sendHash })
    }
  }
  const found = new Map<string, ActivitySend>()
  if (wanted.size === 0) return found
  const byWallet = new Map<string, string[]>()
  for (const { walletId, hash } of wanted.values())
    byWallet.set(walletId, [...(byWallet.get(walletId) ?? []), hash])
  const rows = await db
    .select()
    .from(sends)
    .where(
      or(
        ...[...byWallet].map(([walletId, hashes]) =>
          and(eq(sends.walletId, walletId), inArray(sends.hash, hashes)),
        ),
      ),
    )
    .orderBy(desc(sends.createdAt))
  // The newest send with the hash: a transaction the node refused and that was signed again alike has two.
  const newest = new Map<string, (typeof rows)[number]>()
  for (const row of rows) {
    const key = activitySendKey(row.walletId, row.hash)
    if (!newest.has(key)) newest.set(key, row)
  }
  await Promise.all(
    [...newest].map(async ([key, row]) => {
      const address = wanted.get(key)?.address ?? ''
      const fresh = await refreshSend(db, chains, row, address)
      const explorer = sendExplorer(chains, fresh)
      found.set(key, {
        id: fresh.id,
        caip2: sendCaip2(fresh),
        hash: fresh.hash,
        status: fresh.status,
        reason: fresh.reason,
        block_number: fresh.blockNumber,
        explorer_url: explorer?.url ?? null,
        explorer_name: explorer?.name ?? null,
        created_at: toUnixSeconds(fresh.createdAt),
      })
    }),
  )
  return found
}
