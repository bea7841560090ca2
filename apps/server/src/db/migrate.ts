import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './Database.ts'

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url))
// Any fixed number: every Charter replica takes the same advisory lock while it migrates.
const migrationLock = 7_264_419

/** The migration files in the order they apply: `0001_name.sql`, `0002_name.sql`, … */
export function migrationFiles(): { id: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      id: name.slice(0, -'.sql'.length),
      sql: readFileSync(`${migrationsDir}${name}`, 'utf8'),
    }))
}

/**
 * Applies the migrations not yet applied, in one transaction per migration together with its record.
 * Replicas that start together take turns under an advisory lock; the one that comes second finds the
 * work done. Answers the ids it applied.
 */
export async function migrate(database: Database): Promise<string[]> {
  const applied: string[] = []
  for (const migration of migrationFiles()) {
    const didApply = await database.rawTransaction(async (query) => {
      await query(`SELECT pg_advisory_xact_lock(${migrationLock})`)
      await query(
        'CREATE TABLE IF NOT EXISTS charter_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      // Ids are file names checked against /^\d{4}_[a-z0-9_]+$/ above: safe to inline.
      const done = await query(`SELECT 1 FROM charter_migrations WHERE id = '${migration.id}'`)
      if (done.length > 0) return false
      await query(migration.sql)
      await query(`INSERT INTO charter_migrations (id) VALUES ('${migration.id}')`)
      return true
    })
    if (didApply) applied.push(migration.id)
  }
  return applied
}
