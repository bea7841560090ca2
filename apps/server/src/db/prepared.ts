import type { Db } from './Database.ts'

/**
 * A statement prepared once per database (never per transaction: a transaction's statements must run on its own
 * connection) and run by name after: node-postgres parses and plans it once per connection, and Drizzle builds
 * its SQL once. `build` names it with `.prepare(name)`.
 */
export function preparedFor<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const made = new WeakMap<Db, Statement>()
  return (db) => {
    let statement = made.get(db)
    if (!statement) {
      statement = build(db)
      made.set(db, statement)
    }
    return statement
  }
}
