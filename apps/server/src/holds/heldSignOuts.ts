import { describeUserAgent } from '@charter/core'
import { and, eq, gt, inArray, isNull, lt, ne, not, or, type SQL } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { sessionOrigins, sessions } from '../db/schema.ts'
import { revokeUserSessions } from '../members/sessions.ts'
import { ActionHeldError } from './ActionHeldError.ts'
import type { HeldAction, NewDeviceHold } from './newDeviceHold.ts'

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** What a held sign-out ends when its wait is over: the sessions it named when it was asked. */
export type HeldSignOutParams = { session_ids: string[] }

/**
 * Signing out, the brake's way: ending one's own session, or a younger one that signed in the same way, is safer
 * and instant; a session still within its new-device hold that ends an *older* one, or one that signed in through
 * another address (the member's own later sign-in, which may cancel what the new device asked), is held instead
 * (recorded, told to every address, cancellable by the session it would end or any older one), since otherwise
 * whoever took the member's phone would sign the member out first. The
 * held ending happens when the hold ends (holds/releaseHeldActions.ts). A trusted session signs out as before.
 */
export function heldSignOuts(options: { db: Db; hold: NewDeviceHold }) {
  const { db, hold } = options

  /** The caller's session when it is within its hold: when it signed in, and how. */
  async function heldSince(sessionId: string, now: Date) {
    if (!(await hold.holdEnd(sessionId, now))) return undefined
    return hold.originOf(sessionId)
  }

  /**
   * The sessions a held caller may not end at once: older than it, or signed in through another kind of address
   * than it (or from before origins were kept).
   */
  const protectedFrom = (caller: { createdAt: Date; signedInWith: string | undefined }): SQL =>
    or(
      lt(sessions.createdAt, caller.createdAt),
      isNull(sessionOrigins.signedInWith),
      caller.signedInWith === undefined
        ? undefined
        : ne(sessionOrigins.signedInWith, caller.signedInWith as 'phone'),
    ) as SQL

  /** The member's live sessions other than the caller's, with how each signed in. */
  const othersOf = (session: { sessionId: string; userId: string }, now: Date, which: SQL) =>
    db
      .select({ id: sessions.id })
      .from(sessions)
      .leftJoin(sessionOrigins, eq(sessionOrigins.sessionId, sessions.id))
      .where(
        and(
          eq(sessions.userId, session.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          ne(sessions.id, session.sessionId),
          which,
        ),
      )

  return {
    /**
     * Holds the ending of session `targetId` when the caller is within its hold and the target signed in before
     * it: answers the held action. Undefined: the caller may end it at once (it is the caller's own, a younger
     * one, not the member's, or the caller is trusted).
     */
    async holdIfOlder(
      session: { sessionId: string; userId: string },
      targetId: string,
      now = new Date(),
    ): Promise<HeldAction | undefined> {
      if (targetId === session.sessionId) return undefined
      const caller = await heldSince(session.sessionId, now)
      if (!caller) return undefined
      const [target] = await db
        .select({ session: sessions, signedInWith: sessionOrigins.signedInWith })
        .from(sessions)
        .leftJoin(sessionOrigins, eq(sessionOrigins.sessionId, sessions.id))
        .where(
          and(
            eq(sessions.id, targetId),
            eq(sessions.userId, session.userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
      if (!target) return undefined
      const older = target.session.createdAt.getTime() < caller.createdAt.getTime()
      if (!older && target.signedInWith !== null && target.signedInWith === caller.signedInWith)
        return undefined
      const targetRow = target.session
      return hold.holdIfNew(
        {
          session,
          kind: 'sign_out',
          subject: targetId,
          what: `sign out ${describeUserAgent(targetRow.userAgent, { inSentence: true })}, which signed in on ${when(targetRow.createdAt)}`,
          params: { session_ids: [targetId] } satisfies HeldSignOutParams,
        },
        now,
      )
    },

    /**
     * Signs out everywhere: a trusted session ends every session at once; a session within its hold ends itself
     * and every younger session at once, and the ending of the older ones is held. Answers how many ended now
     * and the held action, if any.
     */
    async everywhere(session: { sessionId: string; userId: string }, now = new Date()) {
      const caller = await heldSince(session.sessionId, now)
      if (!caller) {
        const ended = await revokeUserSessions(db, session.userId, { reason: 'signed_out_everywhere' }, now)
        return { ended, held: undefined }
      }
      const older = await othersOf(session, now, protectedFrom(caller))
      let held: HeldAction | undefined
      if (older.length > 0) {
        try {
          held = await hold.holdIfNew(
            {
              session,
              kind: 'sign_out',
              subject: 'everywhere',
              what: `sign out your ${older.length === 1 ? 'other device' : `${older.length} other devices`} that signed in before it or through another address`,
              params: { session_ids: older.map((row) => row.id) } satisfies HeldSignOutParams,
            },
            now,
          )
        } catch (error) {
          // A session whose earlier sign-out another device cancelled asks nothing again; it still signs out.
          if (!(error instanceof ActionHeldError)) throw error
        }
      }
      // Its own session ends as a plain sign-out: the held ending still goes ahead after it (releaseHeldActions).
      const own = await db
        .update(sessions)
        .set({ revokedAt: now, endedReason: 'signed_out' })
        .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      const youngerIds = (await othersOf(session, now, not(protectedFrom(caller)))).map((row) => row.id)
      const younger =
        youngerIds.length === 0
          ? []
          : await db
              .update(sessions)
              .set({ revokedAt: now, endedReason: 'signed_out_everywhere' })
              .where(and(inArray(sessions.id, youngerIds), isNull(sessions.revokedAt)))
              .returning({ id: sessions.id })
      return { ended: own.length + younger.length, held }
    },

    /** Ends the sessions a held sign-out named, once its wait is over: answers how many were still live. */
    async endNamed(userId: string, params: unknown, now = new Date()) {
      const ids = (params as Partial<HeldSignOutParams> | null)?.session_ids ?? []
      if (ids.length === 0) return 0
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now, endedReason: 'signed_out_by_another_session' })
        .where(and(eq(sessions.userId, userId), inArray(sessions.id, ids), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      return ended.length
    },
  }
}

export type HeldSignOuts = ReturnType<typeof heldSignOuts>
