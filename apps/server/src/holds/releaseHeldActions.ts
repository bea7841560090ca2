import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { accountFreezes, heldActions, passkeys, sessions } from '../db/schema.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import type { HeldSignOuts } from './heldSignOuts.ts'
import type { NewDeviceHold } from './newDeviceHold.ts'

/**
 * Carries out the held sign-outs, freeze lifts and passkey removals whose wait is over, as the server's 30-second job
 * (jobs/serverJobs.ts) does beside the held sends'. Each is taken with one conditional UPDATE that completes it,
 * so of two servers one does it. A sign-out whose asking device was signed out by another device (or for a reused token) meanwhile
 * does nothing: that is what a member told of it does. Its asking device having signed itself out is no reason:
 * signing out everywhere from a new device does that by design. A freeze lift already counts from its time on
 * (holds/accountFreeze.ts); here it is written down. Answers how many were carried out and how many were not.
 */
export async function releaseHeldActions(options: {
  db: Db
  signOuts: HeldSignOuts
  /** Whether the member stopped a session (cancelled another of its requests): its held removal is dropped. */
  hold: Pick<NewDeviceHold, 'cancelledByAnother'>
  now?: Date
}): Promise<{ done: number; dropped: number }> {
  const { db, signOuts } = options
  const now = options.now ?? new Date()
  const due = await db
    .select()
    .from(heldActions)
    .where(
      and(
        inArray(heldActions.kind, ['sign_out', 'lift_freeze', 'passkey_remove']),
        lte(heldActions.opensAt, now),
        isNull(heldActions.cancelledAt),
        isNull(heldActions.completedAt),
      ),
    )
    .orderBy(asc(heldActions.opensAt))
    .limit(50)
  let done = 0
  let dropped = 0
  for (const candidate of due) {
    const [action] = await db
      .update(heldActions)
      .set({ completedAt: now })
      .where(
        and(
          eq(heldActions.id, candidate.id),
          isNull(heldActions.cancelledAt),
          isNull(heldActions.completedAt),
        ),
      )
      .returning()
    if (!action) continue
    const [asker] = await db
      .select({
        endedReason: sessions.endedReason,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.id, action.sessionId))
    if (action.kind === 'passkey_remove') {
      // Not when the member dealt with the device that asked: signed it out from another, or cancelled another of
      // its requests (what a member told of a thief's requests does).
      if (
        (asker?.endedReason && asker.endedReason !== 'signed_out') ||
        (await options.hold.cancelledByAnother(action.sessionId))
      ) {
        await db
          .update(heldActions)
          .set({ failure: 'The device that asked was signed out, or stopped, by another of your devices.' })
          .where(eq(heldActions.id, action.id))
        dropped += 1
        continue
      }
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.credentialId, action.subject), eq(passkeys.userId, action.userId)))
        .returning({ id: passkeys.credentialId })
      if (removed.length > 0) {
        await recordAccountEvent(
          db,
          { userId: action.userId, kind: 'passkey_removed', summary: `After its wait: ${action.summary}` },
          now,
        )
      }
      done += 1
      continue
    }
    if (action.kind === 'lift_freeze') {
      // A lift goes ahead only while the device that asked is signed in (holds/accountFreeze.ts reads it so too).
      if (!asker || asker.revokedAt !== null || asker.expiresAt.getTime() <= now.getTime()) {
        await db
          .update(heldActions)
          .set({ failure: 'The device that asked was signed out before its wait ended.' })
          .where(eq(heldActions.id, action.id))
        dropped += 1
        continue
      }
      await db
        .update(accountFreezes)
        .set({ liftedAt: action.opensAt, liftedBySessionId: action.sessionId })
        .where(and(eq(accountFreezes.id, action.subject), isNull(accountFreezes.liftedAt)))
      await recordAccountEvent(
        db,
        {
          userId: action.userId,
          kind: 'freeze_lifted',
          summary: `The freeze was lifted after its wait: ${action.summary}`,
        },
        now,
      )
      done += 1
      continue
    }
    if (asker?.endedReason && asker.endedReason !== 'signed_out') {
      await db
        .update(heldActions)
        .set({
          failure: 'The device that asked was signed out by another of your devices before its wait ended.',
        })
        .where(eq(heldActions.id, action.id))
      dropped += 1
      continue
    }
    const ended = await signOuts.endNamed(action.userId, action.params, now)
    await recordAccountEvent(
      db,
      {
        userId: action.userId,
        kind: 'held_sign_out_done',
        summary: `After its wait, ${ended === 1 ? 'one session was' : `${ended} sessions were`} signed out: ${action.summary}`,
      },
      now,
    )
    done += 1
  }
  return { done, dropped }
}
