import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { parseUnits } from 'viem'
import type { Db } from '../db/Database.ts'
import { sponsorReservations } from '../db/schema.ts'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import type { Settings } from '../settings/env.ts'
import type { SponsorAllowance, SponsorReservation } from './Sponsor.ts'

/** The allowance's rolling window: a sponsored send counts for 24 hours. */
export const allowanceWindowHours = 24
const windowMs = allowanceWindowHours * 3_600_000
/** The server-wide window: every member's sponsored sends on one chain in the last hour. */
const chainWindowMs = 3_600_000

/** A sponsored send the member's allowance does not cover: 429, with when to try again. */
export class SponsorAllowanceError extends WalletApiError {
  override name = 'SponsorAllowanceError'
  readonly retryAfterSeconds: number | undefined

  constructor(message: string, retryAfter: number | undefined) {
    super(-32005, 429, message)
    this.retryAfterSeconds = retryAfter
  }
}

const payYourself = 'You can still send by paying the fee yourself.'

/** "14:05 UTC", or "tomorrow at 14:05 UTC" when that is another day (UTC) than `now`. */
function whenInWords(at: Date, now: Date): string {
  const time = `${at.toISOString().slice(11, 16)} UTC`
  return at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)
    ? `at ${time}`
    : `tomorrow at ${time}`
}

/**
 * The member's rolling allowance of sponsored sends: how many in the last 24 hours, and how much fee the sponsor
 * may pay for them per chain. A reservation is written before anything is signed, by one statement that writes it
 * only if it fits: on PGlite the database runs one statement at a time (one connection), so nothing else runs
 * between its count and its write; on PostgreSQL a per-member advisory lock, held for that statement's
 * transaction, orders the reservations of every server process. No transaction is held across a node call.
 *
 * Anyone can sign up, so a script with many accounts would multiply a member's allowance: the same statement also
 * counts every member's sponsored sends on the chain in the last hour against a server-wide cap, and on PostgreSQL
 * a per-chain advisory lock, taken before the member's (always in that order, so two never wait on each other),
 * orders them across members.
 */
export function sponsorAllowance(options: { db: Db; settings: Settings['sponsor']; oneConnection: boolean }) {
  const { db, settings } = options
  const perDay = settings.sendsPerDay
  const perChainHour = settings.chainSendsPerHour
  /** How often a member may ask for a sponsored send in an hour, whatever became of it: a script is refused. */
  const attemptsPerHour = Math.max(10, perDay * 2)

  /** The fee the sponsor may pay for one member in the window on that chain, in wei or lamports. */
  function feeCapOf(caip2: string): bigint {
    if (caip2.startsWith('solana:')) return parseUnits(settings.feePerDay.solana, 9)
    if (caip2.startsWith('eip155:')) return parseUnits(settings.feePerDay.ethereum, 18)
    throw new WalletApiError(-32602, 400, `Charter does not pay network fees on ${caip2}.`)
  }

  /** The member's reservations within the window that still count, oldest first. */
  const counting = (userId: string, now: Date) =>
    db
      .select({
        caip2: sponsorReservations.caip2,
        maxFee: sponsorReservations.maxFee,
        createdAt: sponsorReservations.createdAt,
      })
      .from(sponsorReservations)
      .where(
        and(
          eq(sponsorReservations.userId, userId),
          isNull(sponsorReservations.releasedAt),
          gt(sponsorReservations.createdAt, new Date(now.getTime() - windowMs)),
        ),
      )
      .orderBy(asc(sponsorReservations.createdAt))

  /** Every member's reservations on the chain within the last hour that still count, oldest first. */
  const countingOnChain = (caip2: string, now: Date) =>
    db
      .select({ createdAt: sponsorReservations.createdAt })
      .from(sponsorReservations)
      .where(
        and(
          eq(sponsorReservations.caip2, caip2),
          isNull(sponsorReservations.releasedAt),
          gt(sponsorReservations.createdAt, new Date(now.getTime() - chainWindowMs)),
        ),
      )
      .orderBy(asc(sponsorReservations.createdAt))

  /** Says why a reservation did not fit, and from when one would. */
  async function refusal(userId: string, caip2: string, maxFee: bigint, cap: bigint, now: Date) {
    const rows = await counting(userId, now)
    const leaves = (row: { createdAt: Date }) => new Date(row.createdAt.getTime() + windowMs)
    const retryIn = (at: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000))
    if (perDay === 0) {
      return new SponsorAllowanceError(
        `Charter is not paying network fees for your sends at the moment. ${payYourself}`,
        undefined,
      )
    }
    if (rows.length >= perDay) {
      // The send that makes room is the one whose leaving brings the count under the allowance.
      const freeing = rows[rows.length - perDay] as (typeof rows)[number]
      const at = leaves(freeing)
      return new SponsorAllowanceError(
        `Charter has paid the network fee of your last ${perDay} sends today; the next can be sponsored ${whenInWords(at, now)}. ${payYourself}`,
        retryIn(at),
      )
    }
    if (maxFee > cap) {
      return new SponsorAllowanceError(
        `Charter cannot pay a network fee this high for you. ${payYourself}`,
        undefined,
      )
    }
    const everyonesOnChain = await countingOnChain(caip2, now)
    if (everyonesOnChain.length >= perChainHour) {
      // Many members at once (or one script with many accounts): the send that makes room is the one whose
      // leaving the hour brings the chain's count under the cap.
      const freeing = everyonesOnChain[everyonesOnChain.length - perChainHour]
      const at = freeing ? new Date(freeing.createdAt.getTime() + chainWindowMs) : undefined
      const seconds = at ? retryIn(at) : 3600
      const minutes = Math.max(1, Math.ceil(seconds / 60))
      return new SponsorAllowanceError(
        `Charter is paying the network fee of many sends right now; try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or send paying the fee yourself.`,
        seconds,
      )
    }
    const onChain = rows.filter((row) => row.caip2 === caip2)
    let used = onChain.reduce((sum, row) => sum + BigInt(row.maxFee), 0n)
    for (const row of onChain) {
      used -= BigInt(row.maxFee)
      if (used + maxFee <= cap) {
        const at = leaves(row)
        return new SponsorAllowanceError(
          `Charter has paid as much in network fees for your sends on this chain today as it can; the next can be sponsored ${whenInWords(at, now)}. ${payYourself}`,
          retryIn(at),
        )
      }
    }
    // Another request took the place between the statement and this reading, and has since given it back.
    return new SponsorAllowanceError(
      `Charter could not hold a sponsored send for you just now; try again. ${payYourself}`,
      1,
    )
  }

  return {
    /** Holds one sponsored send against the member's allowance, or throws `SponsorAllowanceError` (429). */
    async reserve(
      input: { userId: string; caip2: string; maxFee: bigint },
      now = new Date(),
    ): Promise<SponsorReservation> {
      const cap = feeCapOf(input.caip2)
      if (input.maxFee < 0n) throw new WalletApiError(-32602, 400, 'A network fee cannot be negative.')
      // Every request counts, served or not, so that a script that asks again and again is refused early.
      const attempt = await consumeRateLimit(
        db,
        `sponsor:${input.userId}`,
        { limit: attemptsPerHour, windowSeconds: 3600 },
        now,
      )
      if (!attempt.allowed) {
        const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60))
        throw new SponsorAllowanceError(
          `Too many sponsored sends were asked for in a short time; try again in ${minutes} minute${minutes === 1 ? '' : 's'}. ${payYourself}`,
          Math.ceil(attempt.retryAfterSeconds),
        )
      }
      const id = randomUUID()
      const since = new Date(now.getTime() - windowMs).toISOString()
      const chainSince = new Date(now.getTime() - chainWindowMs).toISOString()
      const reserveIfWithin = (runner: Pick<Db, 'execute'>) =>
        runner.execute(sql`
          WITH used AS (
            SELECT count(*) AS sends,
              coalesce(sum(max_fee) FILTER (WHERE caip2 = ${input.caip2}), 0) AS fee
            FROM ${sponsorReservations}
            WHERE user_id = ${input.userId} AND released_at IS NULL AND created_at > ${since}::timestamptz
          ), chain AS (
            SELECT count(*) AS sends
            FROM ${sponsorReservations}
            WHERE caip2 = ${input.caip2} AND released_at IS NULL AND created_at > ${chainSince}::timestamptz
          )
          INSERT INTO ${sponsorReservations} (id, user_id, caip2, max_fee, created_at)
          SELECT ${id}, ${input.userId}, ${input.caip2}, ${input.maxFee.toString()}::numeric,
            ${now.toISOString()}::timestamptz
          FROM used, chain
          WHERE used.sends < ${perDay} AND chain.sends < ${perChainHour}
            AND used.fee + ${input.maxFee.toString()}::numeric <= ${cap.toString()}::numeric
          RETURNING id`) as unknown as Promise<{ rows: { id: string }[] }>
      const written = options.oneConnection
        ? await reserveIfWithin(db)
        : await db.transaction(async (tx) => {
            // One chain's reservations one at a time, then one member's, on every server process.
            await tx.execute(
              sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sponsor-chain:${input.caip2}`}, 0))`,
            )
            await tx.execute(
              sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sponsor:${input.userId}`}, 0))`,
            )
            return reserveIfWithin(tx)
          })
      if (written.rows.length === 1) return { id }
      throw await refusal(input.userId, input.caip2, input.maxFee, cap, now)
    },

    /** Gives a reservation back (nothing was broadcast under it); a second release changes nothing. */
    async release(reservation: SponsorReservation, now = new Date()): Promise<void> {
      await db
        .update(sponsorReservations)
        .set({ releasedAt: now })
        .where(and(eq(sponsorReservations.id, reservation.id), isNull(sponsorReservations.releasedAt)))
    },

    /** What the member may still have sponsored now. */
    async allowance(userId: string, now = new Date()): Promise<SponsorAllowance> {
      const rows = await counting(userId, now)
      const oldest = rows[0]
      return {
        sendsLeft: Math.max(0, perDay - rows.length),
        sendsPerWindow: perDay,
        windowHours: allowanceWindowHours,
        nextFreeAt: oldest ? new Date(oldest.createdAt.getTime() + windowMs) : null,
      }
    },
  }
}

export type SponsorAllowanceBook = ReturnType<typeof sponsorAllowance>
