import type { Database } from '../db/Database.ts'
import { openDatabase } from '../db/openDatabase.ts'
import { testDatabaseUrl } from '../env.ts'

export type CountingDatabase = {
  database: Database
  /** The statements `request` ran on `database`, and its answer. */
  counted: <T>(request: () => Promise<T>) => Promise<{ answer: T; ran: string[] }>
}

/**
 * A database of the test file's own (the run's PostgreSQL, else PGlite) that records every statement it runs,
 * for tests that hold a route to a ceiling of round trips.
 */
export async function countingDatabase(): Promise<CountingDatabase> {
  let statements: string[] = []
  const url = testDatabaseUrl()
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' }, {
    onStatement: (sqlText) => statements.push(sqlText),
  })
  return {
    database,
    async counted(request) {
      statements = []
      const answer = await request()
      const ran = statements
      statements = []
      return { answer, ran }
    },
  }
}
