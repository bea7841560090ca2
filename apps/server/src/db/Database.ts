import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

/** Drizzle over either PGlite or PostgreSQL: the same queries, the same migrations. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Runs SQL text that may hold several statements; answers the rows of the last one. */
export type RawQuery = (sqlText: string) => Promise<Record<string, unknown>[]>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** One transaction on one connection, for SQL text Drizzle does not build (migrations). */
  rawTransaction: <T>(work: (query: RawQuery) => Promise<T>) => Promise<T>
  close: () => Promise<void>
}
