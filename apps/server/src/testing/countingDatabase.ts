import type { Database } from '../db/Database.ts'
import { openDatabase } from '../db/openDatabase.ts'
import { testDatabaseUrl } from '../settings/env.ts'

export type CountingDatabase = {
  database: Database
  /**
   * The statements `request` ran on `database`, and its answer. It starts once the database has been idle a
   * moment, so that work a server started on its own (the housekeeping sweep at start) is not counted.
   */
  counted: <T>(request: () => Promise<T>) => Promise<{ answer: T; ran: string[] }>
}

/**
 * A database of the test file's own (the run's PostgreSQL, else PGlite) that records every statement it runs,
 * for tests that hold a route to a ceiling of round trips.
 */
export async function countingDatabase(): Promise<CountingDatabase> {
  let statements: string[] = []
  let lastStatementAt = 0
  const url = testDatabaseUrl()
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' }, {
    onStatement: (sqlText) => {
      statements.push(sqlText)
      lastStatementAt = performance.now()
    },
  })
  return {
    database,
    async counted(request) {
      const idleMs = 150
      for (let waited = 0; performance.now() - lastStatementAt < idleMs && waited < 5_000; waited += 25) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      statements = []
      const answer = await request()
      const ran = statements
      statements = []
      return { answer, ran }
    },
  }
}
