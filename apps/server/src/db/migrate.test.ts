import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { migrate, migrationFiles } from './migrate.ts'
import * as schema from './schema.ts'

const tables = Object.values(schema).filter((value): value is typeof value & PgTable => is(value, PgTable))

describe('migrations', () => {
  it('are numbered files applied once: a second run applies nothing', async () => {
    const database = await sharedTestDatabase()
    expect(migrationFiles().map((file) => file.id)[0]).toBe('0001_sign_in')
    expect(await migrate(database)).toEqual([])
    const recorded = await database.rawTransaction((query) =>
      query('SELECT id FROM charter_migrations ORDER BY id'),
    )
    expect(recorded.map((row) => row.id)).toEqual(migrationFiles().map((file) => file.id))
  })

  it('create exactly the columns the Drizzle schema declares, with the same nullability', async () => {
    const database = await sharedTestDatabase()
    const columns = await database.rawTransaction((query) =>
      query(
        "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'charter_migrations'",
      ),
    )
    const inDatabase = columns
      .map((row) => `${row.table_name}.${row.column_name} ${row.is_nullable === 'YES' ? 'null' : 'not null'}`)
      .sort()
    const declared = tables
      .flatMap((table) => {
        const config = getTableConfig(table)
        return config.columns.map(
          (column) => `${config.name}.${column.name} ${column.notNull ? 'not null' : 'null'}`,
        )
      })
      .sort()
    expect(inDatabase).toEqual(declared)
  })
})
