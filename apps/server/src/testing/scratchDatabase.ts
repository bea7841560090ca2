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
  return { url: scratch.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}
