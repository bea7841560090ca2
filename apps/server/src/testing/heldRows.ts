import { sql } from 'drizzle-orm'
import type { Database, RawQuery } from '../db/Database.ts'

/**
 * Rows locked by a transaction on a connection of its own (PostgreSQL's: PGlite has one connection), held until
 * `release`: for tests of statements that meet in the database. `lock` is the statement that takes them (a
 * `select … for update`); `then`, if given, runs in the same transaction once they are released, before it ends.
 */
export async function holdRows(
  database: Pick<Database, 'rawTransaction'>,
  lock: string,
  then?: (query: RawQuery) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let letGo = () => {}
  const holding = new Promise<void>((resolve) => {
    letGo = resolve
  })
  let held = () => {}
  const isHeld = new Promise<void>((resolve) => {
    held = resolve
  })
  const transaction = database.rawTransaction(async (query) => {
    await query(lock)
    held()
    await holding
    await then?.(query)
  })
  // A lock that failed is the test's error, not a wait for ever.
  await Promise.race([isHeld, transaction])
  return {
    release: async () => {
      letGo()
      await transaction
    },
  }
}

/** How many statements wait on a lock whose text names `table`: to know that racing statements met. */
export async function lockWaiters(database: Pick<Database, 'db'>, table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${`%${table}%`}`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}
