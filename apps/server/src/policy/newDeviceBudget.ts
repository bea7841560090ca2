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
import type { SendLimits } from '../holds/sendLimitSettings.ts'

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
 * included). A move is reserved in the database before it is signed, under a lock per member, so two requests at
 * once, two tabs or two server processes cannot overshoot the budget; a reservation whose signature was never
 * made is released. One that was made counts until the window passes it, whatever became of the transaction: a
 * signed transaction can be sent later by whoever holds it.
 */
export function newDeviceBudget(options: { db: Db; limits: SendLimits; windowHours: number }) {
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
      return db.transaction(async (tx) => {
        // One member's reservations one at a time, on every server process: each counts what the one before
        // it reserved (a statement after the lock sees what committed before it).
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`budget:${request.userId}`}, 0))`,
        )
        const used = await usedSince(tx, request.userId, now)
        for (const move of request.moves) {
          const before = used.get(`${move.chain}:${move.asset}`) ?? 0n
          const limit = limitOf(move.chain, move.asset)
          if (before + move.amount > limit) {
            const decimals = decimalsOf(move)
            return {
              exceeded: {
                chain: move.chain,
                asset: move.asset,
                limit: formatUnits(limit, decimals),
                used: formatUnits(before, decimals),
                asked: formatUnits(move.amount, decimals),
              },
            }
          }
        }
        const rows = request.moves.map((move) => ({
          id: randomUUID(),
          userId: request.userId,
          sessionId: request.sessionId,
          walletId: request.walletId,
          chain: move.chain,
          asset: move.asset,
          amount: move.amount.toString(),
          createdAt: now,
        }))
        await tx.insert(budgetReservations).values(rows)
        return { reserved: rows.map((row) => row.id) }
      })
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
