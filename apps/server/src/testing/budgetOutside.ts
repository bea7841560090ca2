import { type BudgetAsset, isSolanaCluster } from '@charter/core'
import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type pg from 'pg'
import { parseUnits } from 'viem'
import type { Db } from '../db/Database.ts'
import * as schema from '../db/schema.ts'
import { newDeviceBudget } from '../policy/newDeviceBudget.ts'

/**
 * The new-device budget over a database no server holds open, as the crash test reads one after a kill (a copy
 * of the PGlite folder, or the PostgreSQL database): the budget's own query, policy/newDeviceBudget.ts.
 * `used` answers what it counts for one member's chain and asset at `now`, in base units.
 */
export function budgetOutside(
  client: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; client: pg.Client },
  windowHours: number,
) {
  const db = (client.kind === 'pglite'
    ? drizzlePglite({ client: client.pglite, schema })
    : drizzlePostgres({ client: client.client, schema })) as unknown as Db
  // The limits only shape `remaining`'s words; what is used does not depend on them.
  const budget = newDeviceBudget({
    db,
    limits: { usdc: '0', native: {} },
    windowHours,
    oneConnection: client.kind === 'pglite',
  })
  return {
    async used(userId: string, chain: string, asset: BudgetAsset, now: Date): Promise<bigint> {
      const entry = (await budget.remaining(userId, now)).find(
        (each) => each.chain === chain && each.asset === asset,
      )
      if (!entry) return 0n
      return parseUnits(entry.used, asset === 'usdc' ? 6 : isSolanaCluster(chain) ? 9 : 18)
    },
  }
}
