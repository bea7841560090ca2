import { randomUUID } from 'node:crypto'
import {
  type AssetMove,
  type BudgetAsset,
  getChain,
  isSolanaCluster,
  isSupportedChainId,
} from '@charter/core'
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { formatUnits, parseUnits } from 'viem'
import type { Db } from '../db/Database.ts'
import { budgetReservations } from '../db/schema.ts'
import type { SendLimits } from '../settings/sendLimitSettings.ts'

/** A chain's native decimals by the id `GET /chains` gives it: SOL's 9, and 18 for every EVM chain offered. */
const nativeDecimals = (chain: string) => (isSolanaCluster(chain) ? 9 : 18)
/** A chain's native symbol by the same id: "SOL", "ETH", "POL". */
export const nativeSymbolOf = (chain: string) =>
  isSolanaCluster(chain)
    ? 'SOL'
    : isSupportedChainId(Number(chain))
      ? getChain(Number(chain) as Parameters<typeof getChain>[0]).nativeCurrency.symbol
      : 'of the chain’s coin'
const decimalsOf = (move: { chain: string; asset: BudgetAsset }) =>
  move.asset === 'usdc' ? 6 : nativeDecimals(move.chain)

/** Where a move would take a budget past its limit, in words a member reads. */
export type BudgetExceeded = { chain: string; asset: BudgetAsset; limit: string; used: string; asked: string }

/**
 * The new-device budget: what the sessions of one member that are within their new-device hold may move at once,
 * in all, per chain and asset, over a rolling window as long as the hold (NEW_DEVICE_SEND_LIMIT_*, fees
 * included). A move is reserved in the database before it is signed, one statement that writes it only if it fits,
 * ordered per member (a lock on PostgreSQL), so two requests at once, two tabs or two server processes cannot
 * overshoot the budget; a reservation whose signature was never
 * made is released. One that was made counts until the window passes it, whatever became of the transaction: a
 * signed transaction can be sent later by whoever holds it.
 */
export function newDeviceBudget(options: {
  db: Db
  limits: SendLimits
  windowHours: number
  /**
   * The database runs one statement at a time on one connection (PGlite): a single statement is then already
   * alone, and needs no transaction or lock around it. On PostgreSQL, with connections and replicas at once, a
   * per-member advisory lock orders the reservations.
   */
  oneConnection: boolean
}) {
  const { db, limits } = options
  const windowMs = options.windowHours * 3_600_000

  /** The limit of one chain and asset, in base units: a chain with no setting has none to move at once. */
  function limitOf(chain: string, asset: BudgetAsset): bigint {
    const words = asset === 'usdc' ? limits.usdc : (limits.native[chain] ?? '0')
    return parseUnits(words, decimalsOf({ chain, asset }))
  }

  /** What the member's new sessions reserved within the window, per `chain:asset`, not released. */
  async function usedSince(tx: Pick<Db, 'select'>, userId: string, now: Date) {
    const rows = await tx
      .select({
        chain: budgetReservations.chain,
        asset: budgetReservations.asset,
        total: sql<string>`sum(${budgetReservations.amount})::text`,
      })
      .from(budgetReservations)
      .where(
        and(
          eq(budgetReservations.userId, userId),
          isNull(budgetReservations.releasedAt),
          gt(budgetReservations.createdAt, new Date(now.getTime() - windowMs)),
        ),
      )
      .groupBy(budgetReservations.chain, budgetReservations.asset)
    return new Map(rows.map((row) => [`${row.chain}:${row.asset}`, BigInt(row.total)]))
  }

  return {
    limitOf,

    /** The limits in words, as a refusal names them: "100 USDC, 0.05 ETH". */
    limitWords(chain: string): string {
      return `${limits.usdc} USDC, ${limits.native[chain] ?? '0'} ${nativeSymbolOf(chain)}`
    },

    /**
     * Reserves `moves` for the member's new session, atomically against every other reservation of the member:
     * the ids reserved, or where the budget would be exceeded (nothing is reserved then).
     */
    async reserve(
      request: { userId: string; sessionId: string; walletId: string; moves: AssetMove[] },
      now = new Date(),
    ): Promise<{ reserved: string[] } | { exceeded: BudgetExceeded }> {
      if (request.moves.length === 0) return { reserved: [] }
      const asked = request.moves.map((move) => ({
        ...move,
        id: randomUUID(),
        limit: limitOf(move.chain, move.asset),
      }))
      // One statement counts what the member's new devices reserved in the window and, only if every move fits,
      // writes them all.
      const reserveIfWithin = (runner: Pick<Db, 'execute'>) =>
        runner.execute(sql`
          WITH asked (id, chain, asset, amount, most) AS (
            VALUES ${sql.join(
              asked.map(
                (move) =>
                  sql`(${move.id}, ${move.chain}, ${move.asset}, ${move.amount.toString()}::numeric, ${move.limit.toString()}::numeric)`,
              ),
              sql`, `,
            )}
          ),
          used AS (
            SELECT chain, asset, sum(amount) AS total FROM ${budgetReservations}
            WHERE user_id = ${request.userId} AND released_at IS NULL
              AND created_at > ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz
            GROUP BY chain, asset
          )
          INSERT INTO ${budgetReservations} (id, user_id, session_id, wallet_id, chain, asset, amount, created_at)
          SELECT id, ${request.userId}, ${request.sessionId}, ${request.walletId}, chain, asset, amount,
            ${now.toISOString()}::timestamptz
          FROM asked
          WHERE NOT EXISTS (
            SELECT 1 FROM asked AS each LEFT JOIN used USING (chain, asset)
            WHERE coalesce(used.total, 0) + each.amount > each.most
          )
          RETURNING id`) as unknown as Promise<{ rows: { id: string }[] }>
      const written = options.oneConnection
        ? await reserveIfWithin(db)
        : await db.transaction(async (tx) => {
            // One member's reservations one at a time, on every server process: the statement after the lock
            // counts what the one before it reserved and committed.
            await tx.execute(
              sql`SELECT pg_advisory_xact_lock(hashtextextended(${`budget:${request.userId}`}, 0))`,
            )
            return reserveIfWithin(tx)
          })
      if (written.rows.length === asked.length) return { reserved: written.rows.map((row) => row.id) }
      // Nothing was written: say which move is past its limit.
      const used = await usedSince(db, request.userId, now)
      const over =
        asked.find((move) => (used.get(`${move.chain}:${move.asset}`) ?? 0n) + move.amount > move.limit) ??
        (asked[0] as (typeof asked)[number])
      const decimals = decimalsOf(over)
      return {
        exceeded: {
          chain: over.chain,
          asset: over.asset,
          limit: formatUnits(over.limit, decimals),
          used: formatUnits(used.get(`${over.chain}:${over.asset}`) ?? 0n, decimals),
          asked: formatUnits(over.amount, decimals),
        },
      }
    },

    /** Gives back reservations whose signature was never made, or whose transaction never reached a chain. */
    async release(ids: string[], now = new Date()): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(budgetReservations)
        .set({ releasedAt: now })
        .where(and(inArray(budgetReservations.id, ids), isNull(budgetReservations.releasedAt)))
    },

    /** What the member's new devices may still move at once, on each chain and asset they have used. */
    async remaining(userId: string, now = new Date()) {
      const used = await usedSince(db, userId, now)
      return [...used.entries()].map(([key, total]) => {
        const [chain, asset] = key.split(':') as [string, BudgetAsset]
        const limit = limitOf(chain, asset)
        const decimals = decimalsOf({ chain, asset })
        return {
          chain,
          asset,
          limit: formatUnits(limit, decimals),
          used: formatUnits(total, decimals),
          remaining: formatUnits(total > limit ? 0n : limit - total, decimals),
          symbol: asset === 'usdc' ? 'USDC' : nativeSymbolOf(chain),
        }
      })
    },
  }
}

export type NewDeviceBudget = ReturnType<typeof newDeviceBudget>
