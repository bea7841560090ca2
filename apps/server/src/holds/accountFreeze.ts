import { randomUUID } from 'node:crypto'
import { LoginError, toUnixSeconds } from '@charter/core'
import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { accountFreezes, heldActions, sessions } from '../db/schema.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import { AccountFrozenError } from './AccountFrozenError.ts'
import { HeldUntilError } from './HeldUntilError.ts'
import type { NewDeviceHold } from './newDeviceHold.ts'

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The shortest and longest freeze a member may ask for, in hours: an hour to a week. */
export const freezeHours = { min: 1, max: 168 } as const

/**
 * The account's freeze in force at `now`, if any: not lifted, not ended, and no held lift of it whose wait is
 * over and whose device is still signed in (a held lift takes effect at its time, here, before the sweep marks
 * it: holds/releaseHeldActions.ts).
 */
export async function activeFreezeOf(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(accountFreezes)
    .where(
      and(eq(accountFreezes.userId, userId), isNull(accountFreezes.liftedAt), gt(accountFreezes.endsAt, now)),
    )
    .orderBy(desc(accountFreezes.endsAt))
  if (rows.length === 0) return undefined
  // A held lift takes effect only while the device that asked is still signed in: signing it out is what a
  // member told of a stranger's lift does.
  const lifted = await db
    .select({ subject: heldActions.subject })
    .from(heldActions)
    .innerJoin(sessions, eq(sessions.id, heldActions.sessionId))
    .where(
      and(
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(heldActions.kind, 'lift_freeze'),
        inArray(
          heldActions.subject,
          rows.map((row) => row.id),
        ),
        isNull(heldActions.cancelledAt),
        lte(heldActions.opensAt, now),
      ),
    )
  const liftedIds = new Set(lifted.map((row) => row.subject))
  return rows.find((row) => !liftedIds.has(row.id))
}

/**
 * Refuses a send, a signature or an export while the member has frozen the account, from any session: the one
 * call every wallet method makes once it found the wallet (wallets/walletRoutes.ts).
 */
export async function assertNotFrozen(db: Db, userId: string, now = new Date()): Promise<void> {
  const freeze = await activeFreezeOf(db, userId, now)
  if (!freeze) return
  throw new AccountFrozenError(
    `Your account is frozen until ${when(freeze.endsAt)}: no device can send, sign or export until then. Lift the freeze on the Security page of a device you trust.`,
    (freeze.endsAt.getTime() - now.getTime()) / 1000,
  )
}

/**
 * Freezing the account: the brake any session may pull at once (safer is instant), and lift early only as fast as
 * it is safe: at once from the session that froze it or an older one, after the new-device hold from a younger
 * one (a held action, told and cancellable), since the younger one may be whoever took the member's phone.
 */
export function accountFreeze(options: {
  db: Db
  hold: NewDeviceHold
  tell: (userId: string, notice: { subject: string; text: string }) => Promise<void>
}) {
  const { db, hold } = options

  async function status(userId: string, now = new Date()) {
    const freeze = await activeFreezeOf(db, userId, now)
    if (!freeze) return { frozen: false as const, frozen_at: null, ends_at: null, lift: null }
    const [lift] = await db
      .select()
      .from(heldActions)
      .where(
        and(
          eq(heldActions.kind, 'lift_freeze'),
          eq(heldActions.subject, freeze.id),
          isNull(heldActions.cancelledAt),
          isNull(heldActions.completedAt),
        ),
      )
      .limit(1)
    return {
      frozen: true as const,
      frozen_at: toUnixSeconds(freeze.createdAt),
      ends_at: toUnixSeconds(freeze.endsAt),
      /** A younger session's lift that waits: it takes effect at `opens_at` unless cancelled. */
      lift: lift ? { id: lift.id, opens_at: toUnixSeconds(lift.opensAt) } : null,
    }
  }

  const signedInAt = async (sessionId: string) => (await hold.originOf(sessionId))?.createdAt

  return {
    status,

    /**
     * Freezes the account for `hours` from now, told to every address. A freeze in force is extended, never
     * shortened, and keeps the older of the two authors: a younger session freezing again cannot make itself
     * the one who may lift at once. A lift of it that waits is cancelled.
     */
    async freeze(session: { sessionId: string; userId: string }, hours: number, now = new Date()) {
      const endsAt = new Date(now.getTime() + hours * 3_600_000)
      const current = await activeFreezeOf(db, session.userId, now)
      const mine = (await signedInAt(session.sessionId)) ?? now
      if (current) {
        const keepsAuthor = current.authorSignedInAt.getTime() <= mine.getTime()
        await db
          .update(accountFreezes)
          .set({
            endsAt: endsAt > current.endsAt ? endsAt : current.endsAt,
            ...(!keepsAuthor && { sessionId: session.sessionId, authorSignedInAt: mine }),
          })
          .where(eq(accountFreezes.id, current.id))
        // Freezing again is the clearest answer to a lift that waits: it is cancelled, and the member was told of it.
        await db
          .update(heldActions)
          .set({ cancelledAt: now, cancelledBySessionId: session.sessionId })
          .where(
            and(
              eq(heldActions.kind, 'lift_freeze'),
              eq(heldActions.subject, current.id),
              isNull(heldActions.cancelledAt),
              isNull(heldActions.completedAt),
            ),
          )
      } else {
        await db.insert(accountFreezes).values({
          id: randomUUID(),
          userId: session.userId,
          sessionId: session.sessionId,
          authorSignedInAt: mine,
          createdAt: now,
          endsAt,
        })
      }
      const until = (await activeFreezeOf(db, session.userId, now))?.endsAt ?? endsAt
      await recordAccountEvent(
        db,
        { userId: session.userId, kind: 'account_frozen', summary: `Froze the account until ${when(until)}` },
        now,
      )
      await options.tell(session.userId, {
        subject: 'Your Charter account was frozen',
        text: `Your Charter account was frozen on ${when(now)} until ${when(until)}: no device can send, sign or export until then. If this was not you, nothing left your account; open Charter on a device you trust and look at the Security page.`,
      })
      return status(session.userId, now)
    },

    /**
     * Lifts the freeze in force: at once from the session that froze it or an older one; from a younger one it
     * is held for the new-device hold (403 `action_held`), told to every address, and cancellable.
     */
    async lift(session: { sessionId: string; userId: string }, now = new Date()) {
      const freeze = await activeFreezeOf(db, session.userId, now)
      if (!freeze) throw new LoginError('invalid_data', { message: 'Your account is not frozen.' })
      const mine = await signedInAt(session.sessionId)
      const younger = !mine || mine.getTime() > freeze.authorSignedInAt.getTime()
      if (younger && hold.hours > 0) {
        const held = await hold.holdUntil(
          { session, kind: 'lift_freeze', subject: freeze.id, what: 'lift the freeze on your account' },
          new Date(now.getTime() + hold.hours * 3_600_000),
          now,
        )
        throw new HeldUntilError(
          `This device signed in after the freeze was set, so lifting it waits ${hold.duration}: it will be lifted at ${when(held.opensAt)}, unless one of your devices cancels it. Your addresses were told.`,
          held,
        )
      }
      await db
        .update(accountFreezes)
        .set({ liftedAt: now, liftedBySessionId: session.sessionId })
        .where(and(eq(accountFreezes.userId, session.userId), isNull(accountFreezes.liftedAt)))
      await recordAccountEvent(
        db,
        { userId: session.userId, kind: 'freeze_lifted', summary: 'Lifted the freeze on the account' },
        now,
      )
      await options.tell(session.userId, {
        subject: 'The freeze on your Charter account was lifted',
        text: `The freeze on your Charter account was lifted on ${when(now)}: your devices can send, sign and export again. If this was not you, open Charter on a device you trust and freeze it again.`,
      })
      return status(session.userId, now)
    },
  }
}

export type AccountFreeze = ReturnType<typeof accountFreeze>
