import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { lineKey, type Snapshot } from './ledger.ts'

type Query = (sqlText: string) => Promise<Record<string, unknown>[]>

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

async function readSnapshot(query: Query): Promise<Snapshot> {
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
  return { users, wallets, activity }
}

/**
 * The embedded database as the killed server left it. PGlite takes one process at a time and recovers a
 * crashed folder when it opens it, so the check opens a copy: the next server start still finds the folder
 * exactly as the kill left it, and does its own recovery.
 */
export async function pgliteSnapshot(dataDir: string): Promise<Snapshot> {
  const scratch = mkdtempSync(join(tmpdir(), 'charter-crash-copy-'))
  try {
    const copy = join(scratch, 'pglite')
    cpSync(join(dataDir, 'pglite'), copy, { recursive: true })
    const db = await PGlite.create(copy)
    try {
      return await readSnapshot(async (sqlText) => (await db.query<Record<string, unknown>>(sqlText)).rows)
    } finally {
      await db.close()
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

export async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await readSnapshot(async (sqlText) => (await client.query(sqlText)).rows)
  } finally {
    await client.end()
  }
}
