import { createHash } from 'node:crypto'
import { toUnixSeconds } from '@charter/core'
import canonicalize from 'canonicalize'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Chains } from '../chains/Chains.ts'
import { batchInserter } from '../db/batch.ts'
import type { Db } from '../db/Database.ts'
import { preparedFor } from '../db/prepared.ts'
import { incomingReceipts, walletActivity, wallets } from '../db/schema.ts'
import { type Received, receivedView, sendersFor } from '../incoming/receivedView.ts'
import { activitySendKey, activitySends } from './activitySends.ts'

export type ActivityEntry = {
  userId: string
  walletId: string
  kind: 'signature' | 'export' | 'decline'
  method: string
  /** What was signed or exported; only its SHA-256 is kept. */
  subject: unknown
  summary: string
  /** The transaction the call sent (its answer's `hash`), whose status the line shows. */
  sendHash?: string | undefined
  /** The policy's decision that let it be signed (policy/policyEngine.ts): "a trusted device". */
  decision?: string | undefined
}

/** The methods whose answer, `{caip2, hash}`, names a transaction they broadcast. */
const sendingMethods: ReadonlySet<string> = new Set(['eth_sendTransaction', 'signAndSendTransaction'])

/** The hash a wallet call's answer names when the call sent a transaction; undefined for any other call. */
export function sentHash(answer: { method: string; data: unknown }): string | undefined {
  if (!sendingMethods.has(answer.method)) return undefined
  const { data } = answer
  return typeof data === 'object' && data !== null && 'hash' in data && typeof data.hash === 'string'
    ? data.hash
    : undefined
}

const digestOf = (subject: unknown) =>
  createHash('sha256')
    .update(canonicalize(subject) ?? '')
    .digest('hex')

/** One line, the usual case: a statement prepared once per database. */
const insertOneLine = preparedFor((db) =>
  db
    .insert(walletActivity)
    .values({
      userId: sql.placeholder('userId'),
      walletId: sql.placeholder('walletId'),
      kind: sql.placeholder('kind'),
      method: sql.placeholder('method'),
      digest: sql.placeholder('digest'),
      summary: sql.placeholder('summary'),
      sendHash: sql.placeholder('sendHash'),
      decision: sql.placeholder('decision'),
    })
    .returning({ id: walletActivity.id })
    .prepare('wallet_activity_insert_one'),
)

/**
 * Writes lines of the owners' activity logs: what happened, and a digest of what was signed or exported.
 * Lines written at the same moment share one INSERT; each caller's promise settles, with its line's id, once
 * its line is stored.
 */
export function activityRecorder(db: Db): (entry: ActivityEntry) => Promise<number> {
  return batchInserter(async (entries: ActivityEntry[]) => {
    const rows = entries.map((entry) => ({
      userId: entry.userId,
      walletId: entry.walletId,
      kind: entry.kind,
      method: entry.method,
      digest: digestOf(entry.subject),
      summary: entry.summary,
      sendHash: entry.sendHash ?? null,
      decision: entry.decision ?? null,
    }))
    // A lone line, the usual case, runs one prepared statement; a batch is built for its size.
    if (rows.length === 1) {
      const [written] = await insertOneLine(db).execute(rows[0])
      if (!written) throw new Error('an activity line was not written')
      return [written.id]
    }
    const written = await db.insert(walletActivity).values(rows).returning({
      id: walletActivity.id,
      walletId: walletActivity.walletId,
      kind: walletActivity.kind,
      method: walletActivity.method,
      digest: walletActivity.digest,
      summary: walletActivity.summary,
    })
    // Each entry takes the id of a row with its own content: the same whatever order RETURNING keeps, and two
    // entries alike in every field are the same line twice, either id as good.
    const lineKey = (row: Omit<(typeof written)[number], 'id'>) =>
      JSON.stringify([row.walletId, row.kind, row.method, row.digest, row.summary])
    const ids = new Map<string, number[]>()
    for (const row of written) ids.set(lineKey(row), [...(ids.get(lineKey(row)) ?? []), row.id])
    return rows.map((row) => {
      const id = ids.get(lineKey(row))?.shift()
      if (id === undefined) throw new Error('an activity line was not written')
      return id
    })
  })
}

/** Takes back lines written for calls that then failed: the log holds only what was answered. */
export async function removeActivity(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(walletActivity).where(inArray(walletActivity.id, ids))
}

/** How many lines one page of activity holds, unless the caller asks for fewer (or more, up to the most). */
export const activityPage = { defaultLimit: 50, maxLimit: 100 } as const

/**
 * One page of the owner's activity, newest first: the lines older than line `before` (an id from an earlier
 * page), or the newest. `next_before` names the last line when older ones remain, so however many lines came
 * since (a flood of declines), the older ones stay one "Show older" away. A line that sent a transaction carries
 * its `send`, pending ones read again from the chain. A line of money received (kind `receive`, written by the
 * incoming reader at its block's time) carries `received`, its sender named as the member's colleagues are now.
 */
export async function listActivity(
  db: Db,
  chains: Chains,
  userId: string,
  {
    before,
    limit = activityPage.defaultLimit,
  }: { before?: number | undefined; limit?: number | undefined } = {},
) {
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
      sendHash: walletActivity.sendHash,
      decision: walletActivity.decision,
      createdAt: walletActivity.createdAt,
      receipt: {
        chainId: incomingReceipts.chainId,
        asset: incomingReceipts.asset,
        amount: incomingReceipts.amount,
        fromAddress: incomingReceipts.fromAddress,
        txHash: incomingReceipts.txHash,
      },
    })
    .from(walletActivity)
    .innerJoin(wallets, eq(wallets.id, walletActivity.walletId))
    .leftJoin(incomingReceipts, eq(incomingReceipts.id, walletActivity.receiptId))
    .where(
      and(
        eq(walletActivity.userId, userId),
        // Older than the cursor line in the list's own order; a line that is not the owner's is no cursor.
        before === undefined
          ? undefined
          : sql`(${walletActivity.createdAt}, ${walletActivity.id}) < (select ${walletActivity.createdAt}, ${walletActivity.id} from ${walletActivity} where ${walletActivity.id} = ${before} and ${walletActivity.userId} = ${userId})`,
      ),
    )
    .orderBy(desc(walletActivity.createdAt), desc(walletActivity.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const sent = await activitySends(db, chains, page)
  // Who sent what was received is read now, from the member's organisations as they are now.
  const senders = page.some((row) => row.receipt !== null) ? await sendersFor(db, userId) : new Map()
  const activity = page.map((row) => {
    const shown = row.receipt === null ? null : receivedView(chains, senders, row.receipt)
    return {
      id: row.id,
      wallet_id: row.walletId,
      address: row.address,
      chain_type: row.chainType,
      kind: row.kind,
      method: row.method,
      digest: row.digest,
      summary: shown?.summary ?? row.summary,
      /** Why it could be signed: "a trusted device", "within the new-device budget"; null before the policy. */
      decision: row.decision,
      created_at: toUnixSeconds(row.createdAt),
      send: row.sendHash === null ? null : (sent.get(activitySendKey(row.walletId, row.sendHash)) ?? null),
      // Money received (kind `receive`); null on every other line. Always in the answer; typed optional so
      // that clients written before it (the web's fixtures) still compile.
      ...({ received: shown?.received ?? null } as { received?: Received | null }),
    }
  })
  return { activity, next_before: rows.length > limit && last ? last.id : null }
}
