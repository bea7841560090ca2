import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { budgetOutside } from '../../apps/server/src/testing/budgetOutside.ts'
import { lineKey, type ReservationRow, type Snapshot, type WindowEnd } from './ledger.ts'

type Query = (sqlText: string) => Promise<Record<string, unknown>[]>
type Budget = ReturnType<typeof budgetOutside>

/**
 * How the new-device budget is weighed in a snapshot: its window (NEW_DEVICE_HOLD_HOURS), and which reservations
 * to weigh as their window ends (given every row and the activity lines).
 */
export type BudgetQuestion = {
  windowHours: number
  weigh: (rows: ReservationRow[], activity: ReadonlyMap<string, number>) => ReservationRow[]
}

const usersSql = `
  SELECT u.id AS id,
    EXISTS (SELECT 1 FROM wallets w
            WHERE w.user_id = u.id AND w.chain_type = 'ethereum' AND w.wallet_index = 0) AS evm0,
    EXISTS (SELECT 1 FROM wallets w
            WHERE w.user_id = u.id AND w.chain_type = 'solana' AND w.wallet_index = 0) AS solana0
  FROM users u`
const walletsSql = 'SELECT id, user_id FROM wallets'
const activitySql = `
  SELECT wallet_id, kind, method, digest, count(*)::int AS n
  FROM wallet_activity GROUP BY wallet_id, kind, method, digest`
// created_at as whole milliseconds (the server writes it from a JavaScript Date), exactly.
const reservationsSql = `
  SELECT id, user_id, wallet_id, chain, asset, amount::text AS amount,
    (extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms, released_at IS NOT NULL AS released
  FROM budget_reservations`

async function readSnapshot(
  query: Query,
  budget: Budget | undefined,
  question: BudgetQuestion | undefined,
): Promise<Snapshot> {
  const users = new Map<string, { evm0: boolean; solana0: boolean }>()
  for (const row of await query(usersSql)) {
    users.set(String(row.id), { evm0: row.evm0 === true, solana0: row.solana0 === true })
  }
  const wallets = new Map<string, string>()
  for (const row of await query(walletsSql)) wallets.set(String(row.id), String(row.user_id))
  const activity = new Map<string, number>()
  for (const row of await query(activitySql)) {
    const key = lineKey({
      walletId: String(row.wallet_id),
      kind: String(row.kind),
      method: String(row.method),
      digest: String(row.digest),
    })
    activity.set(key, Number(row.n))
  }
  const reservations: ReservationRow[] = (await query(reservationsSql)).map((row) => ({
    id: String(row.id),
    userId: String(row.user_id),
    walletId: String(row.wallet_id),
    chain: String(row.chain),
    asset: String(row.asset),
    amount: String(row.amount),
    createdAtMs: Number(row.created_ms),
    released: row.released === true,
  }))
  const windowEnds = new Map<string, WindowEnd>()
  if (budget && question) {
    const windowMs = question.windowHours * 3_600_000
    for (const row of question.weigh(reservations, activity)) {
      const asset = row.asset === 'usdc' ? 'usdc' : 'native'
      const ends = row.createdAtMs + windowMs
      windowEnds.set(row.id, {
        within: await budget.used(row.userId, row.chain, asset, new Date(ends - 1)),
        after: await budget.used(row.userId, row.chain, asset, new Date(ends)),
      })
    }
  }
  return { users, wallets, activity, reservations, windowEnds }
}

/**
 * The embedded database as the killed server left it. PGlite takes one process at a time and recovers a
 * crashed folder when it opens it, so the check opens a copy: the next server start still finds the folder
 * exactly as the kill left it, and does its own recovery.
 */
export async function pgliteSnapshot(dataDir: string, question?: BudgetQuestion): Promise<Snapshot> {
  const scratch = mkdtempSync(join(tmpdir(), 'charter-crash-copy-'))
  try {
    const copy = join(scratch, 'pglite')
    cpSync(join(dataDir, 'pglite'), copy, { recursive: true })
    const db = await PGlite.create(copy)
    try {
      return await readSnapshot(
        async (sqlText) => (await db.query<Record<string, unknown>>(sqlText)).rows,
        question && budgetOutside({ kind: 'pglite', pglite: db }, question.windowHours),
        question,
      )
    } finally {
      await db.close()
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

export async function postgresSnapshot(url: string, question?: BudgetQuestion): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await readSnapshot(
      async (sqlText) => (await client.query(sqlText)).rows,
      question && budgetOutside({ kind: 'postgres', client }, question.windowHours),
      question,
    )
  } finally {
    await client.end()
  }
}
