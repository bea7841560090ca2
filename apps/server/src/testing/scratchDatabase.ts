import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * A PostgreSQL database of a test's own on the server `url` names (TEST_DATABASE_URL), for server processes the
 * test starts: they migrate it from empty, and see no wallet another test made under another master key.
 * `drop` removes it, connections and all.
 */
export async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `charter_test_${randomBytes(6).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const scratch = new URL(url)
  scratch.pathname = `/${name}`
  /**
   * A pool's `end()` answers before its connections have closed: forcing them shut while they end would raise an
   * error in the process that opened them, so their own closing is waited for first (a few seconds at most).
   */
  async function drop() {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      for (let waited = 0; waited < 5_000; waited += 50) {
        const open = await client.query(
          'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
          [name],
        )
        if (open.rows[0]?.open === 0) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } finally {
      await client.end()
    }
  }
  return { url: scratch.toString(), drop }
}
