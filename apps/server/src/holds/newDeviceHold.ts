// holds/: the new-device hold, one home for every action that must wait on a new device (exports, and sends
// above a limit). It uses members/ and db/; it imports neither auth/ nor wallets/ (notices come in as a function).
import { randomUUID } from 'node:crypto'
import { LoginError } from '@charter/core'
import { and, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { heldActions, sessionOrigins, sessions } from '../db/schema.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import type { SessionOrigin } from '../members/sessions.ts'
import type { IdentityKind } from '../members/users.ts'
import { ActionHeldError } from './ActionHeldError.ts'
import { durationInWords } from './durationInWords.ts'

export type HeldActionKind = (typeof heldActions.$inferInsert)['kind']

/** What a held action is, in words for the member: "export the key of your Ethereum wallet 0x12…". */
export type HeldActionRequest = {
  session: { sessionId: string; userId: string }
  kind: HeldActionKind
  /** What it acts on (a wallet's id): one pending request per session, kind and subject. */
  subject: string
  /** Lower-case, after "asked to": "export the key of your Ethereum wallet 0x12…". */
  what: string
  /** A send: what goes out when the hold ends (holds/sendHold.ts). */
  send?: HeldSendDetails
}

/** What a held send needs to go out later through the wallet's method table, with the caller's own key. */
export type HeldSendDetails = {
  walletId: string
  method: string
  caip2: string
  params: unknown
  idempotencyKey: string
}

export type NewDeviceHoldOptions = {
  db: Db
  /** NEW_DEVICE_HOLD_HOURS; 0 turns the hold off. */
  hours: number
  /** Tells the member through every sign-in address they have. */
  tell: (userId: string, notice: { subject: string; text: string }) => Promise<void>
}

const kindWords: Record<HeldActionKind, string> = {
  export: 'export wallet keys',
  send: 'send above the new-device limit',
  signature: 'sign what moves money before its wait ends',
}
/** How the member is told, per kind: a key leaving, or money leaving. */
const notices: Record<HeldActionKind, { subject: string; opens: string }> = {
  export: { subject: 'A new device asked for your Charter wallet key', opens: 'it will be possible at' },
  send: {
    subject: 'A new device asked to send from your Charter wallet',
    opens: 'it will go out at',
  },
  signature: {
    subject: 'A new device asked to sign for your Charter wallet',
    opens: 'it can be signed from that device at',
  },
}
const heldEvents = { export: 'export_held', send: 'send_held', signature: 'signature_held' } as const
const cancelledEvents = {
  export: 'held_export_cancelled',
  send: 'held_send_cancelled',
  signature: 'held_signature_cancelled',
} as const
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)

/**
 * A new session's origin: how it signed in, and until when it is held. A sign-in that created the account is not
 * held (its wallets were made with it, so there is no earlier owner to protect), nor any with the hold off
 * (`holdHours` 0); any other is held for `holdHours` from `now`, the session's start.
 */
export function newSessionOrigin(
  input: { signedInWith: IdentityKind; createdAccount: boolean; holdHours: number },
  now: Date,
): SessionOrigin {
  return {
    signedInWith: input.signedInWith,
    holdEndsAt:
      input.createdAccount || input.holdHours <= 0
        ? null
        : new Date(now.getTime() + input.holdHours * 3_600_000),
  }
}

/**
 * The new-device hold: a session younger than NEW_DEVICE_HOLD_HOURS may sign and read, but what could hand the
 * wallets to someone else at once (an export; sends above a limit, once they exist) is held until the hold ends:
 * recorded, told to every address of the account, completable afterwards from that session only, and
 * cancellable from the session itself or any session that signed in before it. The sign-in that creates an
 * account is not held: its wallets were made with it, so there is no earlier owner to protect.
 */
export function newDeviceHold(options: NewDeviceHoldOptions) {
  const { db } = options
  const holdMs = options.hours * 3_600_000

  /** Where the session came from, and its hold (a session older than this table is held from its creation). */
  async function originOf(sessionId: string) {
    const [row] = await db
      .select({
        createdAt: sessions.createdAt,
        signedInWith: sessionOrigins.signedInWith,
        holdEndsAt: sessionOrigins.holdEndsAt,
        known: sessionOrigins.sessionId,
      })
      .from(sessions)
      .leftJoin(sessionOrigins, eq(sessionOrigins.sessionId, sessions.id))
      .where(eq(sessions.id, sessionId))
    if (!row) return undefined
    const holdEndsAt =
      row.known === null ? (holdMs > 0 ? new Date(row.createdAt.getTime() + holdMs) : null) : row.holdEndsAt
    return { createdAt: row.createdAt, signedInWith: row.signedInWith ?? undefined, holdEndsAt }
  }

  /** When the session's hold ends, if it has not yet. */
  async function holdEnd(sessionId: string, now = new Date()): Promise<Date | undefined> {
    const endsAt = (await originOf(sessionId))?.holdEndsAt
    return endsAt && endsAt.getTime() > now.getTime() ? endsAt : undefined
  }

  /** A session whose request another of the member's devices cancelled takes no such action again. */
  async function assertNotCancelled(request: HeldActionRequest) {
    const [cancelled] = await db
      .select({ id: heldActions.id })
      .from(heldActions)
      .where(
        and(
          eq(heldActions.sessionId, request.session.sessionId),
          eq(heldActions.kind, request.kind),
          isNotNull(heldActions.cancelledAt),
          ne(heldActions.cancelledBySessionId, request.session.sessionId),
        ),
      )
      .limit(1)
    if (cancelled) {
      throw new ActionHeldError(
        `Another of your devices cancelled a request this device made, so this device cannot ${kindWords[request.kind]}. If that was you by mistake, sign out here and sign in again: the wait starts anew, and your addresses are told.`,
      )
    }
  }

  /**
   * Whether another of the member's sessions cancelled a request of this one, of any kind: such a session moves
   * no money again (policy/policyEngine.ts), whatever its age.
   */
  async function cancelledByAnother(sessionId: string): Promise<boolean> {
    const [cancelled] = await db
      .select({ id: heldActions.id })
      .from(heldActions)
      .where(
        and(
          eq(heldActions.sessionId, sessionId),
          isNotNull(heldActions.cancelledAt),
          ne(heldActions.cancelledBySessionId, sessionId),
        ),
      )
      .limit(1)
    return cancelled !== undefined
  }

  /** The session's request of that kind and subject that is neither cancelled nor done. */
  const openRequestOf = (request: Omit<HeldActionRequest, 'what'>) =>
    and(
      eq(heldActions.sessionId, request.session.sessionId),
      eq(heldActions.kind, request.kind),
      eq(heldActions.subject, request.subject),
      isNull(heldActions.cancelledAt),
      isNull(heldActions.completedAt),
    )

  async function pendingOf(request: HeldActionRequest) {
    const [row] = await db
      .select()
      .from(heldActions)
      .where(openRequestOf(request))
      .orderBy(desc(heldActions.createdAt))
      .limit(1)
    return row
  }

  /**
   * Is this session within the new-device hold? If so, the request is recorded (once: asking again answers the
   * same one), the member is told at every address, and it is answered; otherwise undefined, and the caller
   * goes on. Refuses a session whose earlier request another device cancelled.
   */
  async function holdIfNew(request: HeldActionRequest, now = new Date()): Promise<HeldAction | undefined> {
    await assertNotCancelled(request)
    const origin = await originOf(request.session.sessionId)
    const endsAt = origin?.holdEndsAt
    if (!origin || !endsAt || endsAt.getTime() <= now.getTime()) return undefined
    const pending = await pendingOf(request)
    if (pending) return pending
    const [row] = await db
      .insert(heldActions)
      .values({
        id: randomUUID(),
        userId: request.session.userId,
        sessionId: request.session.sessionId,
        kind: request.kind,
        subject: request.subject,
        summary: request.what.charAt(0).toUpperCase() + request.what.slice(1),
        createdAt: now,
        opensAt: endsAt,
        ...(request.send && {
          walletId: request.send.walletId,
          method: request.send.method,
          caip2: request.send.caip2,
          params: request.send.params,
          idempotencyKey: request.send.idempotencyKey,
        }),
      })
      .onConflictDoNothing()
      .returning()
    // Another ask of the same session got there first: that one was recorded and told.
    if (!row) return (await pendingOf(request)) as HeldAction
    await recordAccountEvent(
      db,
      {
        userId: request.session.userId,
        kind: heldEvents[request.kind],
        summary: `A device that signed in on ${when(origin.createdAt)} asked to ${request.what}; held until ${when(endsAt)}`,
      },
      now,
    )
    const notice = notices[request.kind]
    await options.tell(request.session.userId, {
      subject: notice.subject,
      text: `A new device signed in to your Charter account on ${when(origin.createdAt)} and asked to ${request.what}; ${notice.opens} ${when(endsAt)}. If this was not you, open Charter on a device you trust and cancel it on the Security page, and sign that device out.`,
    })
    return row
  }

  return {
    /** NEW_DEVICE_HOLD_HOURS, and the same in words ("24 hours"). */
    hours: options.hours,
    duration: durationInWords(options.hours),
    holdIfNew,
    holdEnd,
    cancelledByAnother,

    /**
     * `holdIfNew` for a step that must not go on while held: refuses with the time it opens, saying the member
     * was told and where to cancel.
     */
    async assertNotHeld(request: HeldActionRequest, now = new Date()): Promise<void> {
      const held = await holdIfNew(request, now)
      if (!held) return
      const wait = (held.opensAt.getTime() - now.getTime()) / 1000
      throw new ActionHeldError(
        `This device signed in less than ${durationInWords(options.hours)} ago, so it must wait before it can ${request.what}: it will be possible at ${when(held.opensAt)}. Your addresses were told, and your other devices can cancel it on their Security page.`,
        wait,
      )
    },

    /** The kind of address the session signed in with, if known: a code that confirms a step goes elsewhere. */
    async signedInWith(sessionId: string): Promise<IdentityKind | undefined> {
      return (await originOf(sessionId))?.signedInWith
    },

    /**
     * How a new session signed in, and its hold unless the sign-in created the account: the origin
     * `createSession` writes with the session's row.
     */
    newOrigin: (input: { signedInWith: IdentityKind; createdAccount: boolean }, now: Date) =>
      newSessionOrigin({ ...input, holdHours: options.hours }, now),

    /** Marks the session's request as done, once the action went through after its hold. */
    async complete(request: Omit<HeldActionRequest, 'what'>, now = new Date()) {
      await db.update(heldActions).set({ completedAt: now }).where(openRequestOf(request))
    },

    /** The member's held actions of the last 30 days, newest first, as `session` sees them. */
    async list(session: { sessionId: string; userId: string }, now = new Date()) {
      const since = new Date(now.getTime() - 30 * 86_400_000)
      const mine = await originOf(session.sessionId)
      const rows = await db
        .select({ action: heldActions, session: sessions })
        .from(heldActions)
        .innerJoin(sessions, eq(sessions.id, heldActions.sessionId))
        .where(and(eq(heldActions.userId, session.userId), gt(heldActions.createdAt, since)))
        .orderBy(desc(heldActions.createdAt))
        .limit(50)
      return {
        hold_ends_at: seconds(mine?.holdEndsAt && mine.holdEndsAt > now ? mine.holdEndsAt : null),
        held_actions: rows.map(({ action, session: requester }) =>
          view(action, requester, session.sessionId, mine?.createdAt, now),
        ),
      }
    },

    /** Cancels a pending held action, from the session that asked or one that signed in before it. */
    async cancel(session: { sessionId: string; userId: string }, id: string, now = new Date()) {
      const [row] = await db
        .select({ action: heldActions, session: sessions })
        .from(heldActions)
        .innerJoin(sessions, eq(sessions.id, heldActions.sessionId))
        .where(and(eq(heldActions.id, id), eq(heldActions.userId, session.userId)))
      if (!row) throw noSuchAction()
      const mine = await originOf(session.sessionId)
      if (!mayCancel(row.action, row.session, session.sessionId, mine?.createdAt)) {
        throw new LoginError('invalid_data', {
          message:
            row.action.claimedAt && !row.action.cancelledAt
              ? 'This send is going out already, or went out: it can no longer be cancelled.'
              : row.action.cancelledAt || row.action.completedAt
                ? `This request was ${row.action.cancelledAt ? 'cancelled' : 'completed'} already.`
                : 'Only the device that asked, or one that signed in before it, can cancel this request. Cancel it from a device you have used for longer.',
        })
      }
      // A send a sweep has taken is going out: too late to cancel it (holds/sendHold.ts claims before sending).
      const [cancelled] = await db
        .update(heldActions)
        .set({ cancelledAt: now, cancelledBySessionId: session.sessionId })
        .where(
          and(
            eq(heldActions.id, id),
            isNull(heldActions.cancelledAt),
            isNull(heldActions.completedAt),
            isNull(heldActions.claimedAt),
          ),
        )
        .returning()
      if (!cancelled) {
        throw new LoginError('invalid_data', {
          message:
            row.action.kind === 'send'
              ? 'This send is going out already, or went out: it can no longer be cancelled.'
              : 'This request was completed already.',
        })
      }
      await recordAccountEvent(
        db,
        {
          userId: session.userId,
          kind: cancelledEvents[cancelled.kind],
          summary: `Cancelled the request of a device that signed in on ${when(row.session.createdAt)}: ${cancelled.summary}`,
        },
        now,
      )
      return view(cancelled, row.session, session.sessionId, mine?.createdAt, now)
    },
  }
}

export type NewDeviceHold = ReturnType<typeof newDeviceHold>
export type HeldAction = typeof heldActions.$inferSelect
type SessionRow = typeof sessions.$inferSelect

const noSuchAction = () =>
  new LoginError('invalid_data', { message: 'There is no such request on your account.' })

function mayCancel(action: HeldAction, requester: SessionRow, viewer: string, viewerSince: Date | undefined) {
  // A send a sweep has taken is on its way (see cancel).
  if (action.cancelledAt || action.completedAt || action.claimedAt) return false
  if (requester.id === viewer) return true
  return viewerSince !== undefined && viewerSince.getTime() < requester.createdAt.getTime()
}

/** A held action as the API answers it, for the member's session `viewer`. */
function view(
  action: HeldAction,
  requester: SessionRow,
  viewer: string,
  viewerSince: Date | undefined,
  now: Date,
) {
  return {
    id: action.id,
    kind: action.kind,
    subject: action.subject,
    summary: action.summary,
    status: action.cancelledAt
      ? ('cancelled' as const)
      : action.completedAt
        ? ('completed' as const)
        : action.opensAt.getTime() > now.getTime()
          ? ('held' as const)
          : ('ready' as const),
    requested_at: seconds(action.createdAt) as number,
    opens_at: seconds(action.opensAt) as number,
    cancelled_at: seconds(action.cancelledAt),
    cancelled_here: action.cancelledBySessionId === viewer,
    /** A send's wallet; null for an export, whose `subject` is the wallet. */
    wallet_id: action.walletId,
    /** How a held send ended: its transaction's hash once it went out, or why it did not. */
    hash: action.resultHash,
    failure: action.failure,
    this_device: requester.id === viewer,
    can_cancel: mayCancel(action, requester, viewer, viewerSince),
    device: {
      user_agent: requester.userAgent,
      client_address: requester.clientAddress,
      signed_in_at: seconds(requester.createdAt) as number,
      signed_out: requester.revokedAt !== null || requester.expiresAt.getTime() <= now.getTime(),
    },
  }
}

export type HeldActionView = ReturnType<typeof view>
