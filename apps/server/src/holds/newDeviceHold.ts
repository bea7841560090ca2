// holds/: the new-device hold, one home for every action that must wait on a new device (exports, sends above a
// limit, and what would take the brake away: signing out older sessions, changing a way to sign in), and the
// freeze. It uses members/ and db/; it imports neither auth/ nor wallets/ (notices come in as a function).
import { randomBytes, randomUUID } from 'node:crypto'
import { LoginError, toUnixSeconds } from '@charter/core'
import { and, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { heldActions, sessionOrigins, sessions } from '../db/schema.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import { sha256Hex } from '../members/digests.ts'
import type { SessionOrigin } from '../members/sessions.ts'
import type { SignInKind } from '../members/users.ts'
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
  /** What a held sign-out ends when its hold ends (holds/heldSignOuts.ts). */
  params?: unknown
}

/** What a held send needs to go out later through the wallet's method table, with the caller's own key. */
export type HeldSendDetails = {
  walletId: string
  method: string
  caip2: string
  params: unknown
  /** Privy's `sponsor: true`, as the caller asked it: the replay asks it again. */
  sponsor: boolean
  idempotencyKey: string
}

export type NewDeviceHoldOptions = {
  db: Db
  /** NEW_DEVICE_HOLD_HOURS; 0 turns the hold off. */
  hours: number
  /** Tells the member through every sign-in address they have. */
  tell: (userId: string, notice: { subject: string; text: string }) => Promise<void>
  /** PUBLIC_URL's origin, where cancel links point; otherwise the server's own, given by `connect` at start. */
  publicOrigin?: string | undefined
}

const kindWords: Record<HeldActionKind, string> = {
  export: 'export wallet keys',
  send: 'send more than a new device moves at once',
  signature: 'sign what moves money before its wait ends',
  sign_out: 'sign out your other devices',
  address_change: 'change a sign-in address',
  lift_freeze: 'lift the freeze',
  passkey_add: 'add a passkey',
  passkey_remove: 'remove a passkey',
}
/** How the member is told, per kind: a key leaving, money leaving, the brake being taken away. */
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
  sign_out: { subject: 'A new device asked to sign out your other devices', opens: 'it will happen at' },
  address_change: {
    subject: 'A new device asked to change how you sign in to Charter',
    opens: 'it will be possible at',
  },
  lift_freeze: {
    subject: 'A device asked to lift the freeze on your Charter account',
    opens: 'it will happen at',
  },
  passkey_add: {
    subject: 'A new device asked to add a passkey to your Charter account',
    opens: 'it will be possible at',
  },
  passkey_remove: {
    subject: 'A device asked to remove a passkey from your Charter account',
    opens: 'it will happen at',
  },
}
const heldEvents = {
  export: 'export_held',
  send: 'send_held',
  signature: 'signature_held',
  sign_out: 'sign_out_held',
  address_change: 'address_change_held',
  lift_freeze: 'lift_freeze_held',
  passkey_add: 'passkey_add_held',
  passkey_remove: 'passkey_remove_held',
} as const
const cancelledEvents = {
  export: 'held_export_cancelled',
  send: 'held_send_cancelled',
  signature: 'held_signature_cancelled',
  sign_out: 'held_sign_out_cancelled',
  address_change: 'held_address_change_cancelled',
  lift_freeze: 'held_lift_freeze_cancelled',
  passkey_add: 'held_passkey_add_cancelled',
  passkey_remove: 'held_passkey_remove_cancelled',
} as const
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * A new session's origin: how it signed in, and until when it is held. A sign-in that created the account is not
 * held (its wallets were made with it, so there is no earlier owner to protect), nor one with a passkey (a thief
 * with the member's codes has none), nor any with the hold off
 * (`holdHours` 0); any other is held for `holdHours` from `now`, the session's start.
 */
export function newSessionOrigin(
  input: { signedInWith: SignInKind; createdAccount: boolean; holdHours: number },
  now: Date,
): SessionOrigin {
  return {
    signedInWith: input.signedInWith,
    holdEndsAt:
      input.createdAccount || input.holdHours <= 0 || input.signedInWith === 'passkey'
        ? null
        : new Date(now.getTime() + input.holdHours * 3_600_000),
  }
}

/**
 * The new-device hold: a session younger than NEW_DEVICE_HOLD_HOURS may sign and read, but what could hand the
 * wallets to someone else at once (an export; what the policy holds: policy/policyEngine.ts) is held until the hold ends:
 * recorded, told to every address of the account, completable afterwards from that session only, and
 * cancellable from the session itself or any session that signed in before it. The sign-in that creates an
 * account is not held: its wallets were made with it, so there is no earlier owner to protect.
 */
export function newDeviceHold(options: NewDeviceHoldOptions) {
  const { db } = options
  const holdMs = options.hours * 3_600_000
  // Where the cancel links in notices point: PUBLIC_URL, or this server's own origin once it listens (`connect`).
  let linkOrigin = options.publicOrigin

  /** Where the session came from, and its hold (a session older than this table is held from its creation). */
  async function originOf(sessionId: string): Promise<SessionSeen | undefined> {
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
  /**
   * A session whose request another of the member's devices cancelled, of any kind, takes no held action again:
   * the member said it is not theirs.
   */
  async function assertNotCancelled(request: HeldActionRequest) {
    if (await cancelledByAnother(request.session.sessionId)) {
      throw new ActionHeldError(
        `Another of your devices cancelled a request this device made, so this device cannot ${kindWords[request.kind]}. If that was you by mistake, sign out here and sign in again: the wait starts anew, and your addresses are told.`,
      )
    }
  }

  /**
   * Whether another of the member's sessions, or the link in a notice, cancelled a request of this one, of any
   * kind: such a session moves no money and takes no held action again (policy/policyEngine.ts), whatever its age.
   */
  async function cancelledByAnother(sessionId: string): Promise<boolean> {
    const [cancelled] = await db
      .select({ id: heldActions.id })
      .from(heldActions)
      .where(
        and(
          eq(heldActions.sessionId, sessionId),
          isNotNull(heldActions.cancelledAt),
          // Cancelled from another session, or by the link in a notice (no session).
          or(isNull(heldActions.cancelledBySessionId), ne(heldActions.cancelledBySessionId, sessionId)),
          // Asked while the session was within its own hold: a trusted session's request held whatever its age (a
          // passkey's removal without one) says nothing of the session, and whoever reads the member's texts
          // must not disable the member's own device with its link.
          eq(heldActions.fromNewDevice, true),
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
    // The member's passkey released this very request (`lift`): it goes ahead now, once.
    if ((await pendingOf(request))?.liftedAt) return undefined
    return holdUntil(request, endsAt, now)
  }

  /**
   * Holds the request until `opensAt`, whatever the session's own hold (a younger session lifting a freeze):
   * recorded once, told to every address with a one-use cancel link, answered.
   */
  async function holdUntil(request: HeldActionRequest, opensAt: Date, now = new Date()): Promise<HeldAction> {
    const origin = await originOf(request.session.sessionId)
    if (!origin) throw new LoginError('missing_or_invalid_token', { message: 'Your session has ended.' })
    const pending = await pendingOf(request)
    if (pending) return pending
    // The link's token goes only into the notice; the table keeps its digest. Hex, one word of 64 characters, so
    // no run of six digits in it reads as a code to anyone who looks for one.
    const linkToken = randomBytes(32).toString('hex')
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
        opensAt,
        ...(request.send && {
          walletId: request.send.walletId,
          method: request.send.method,
          caip2: request.send.caip2,
          params: request.send.params,
          idempotencyKey: request.send.idempotencyKey,
          sponsored: request.send.sponsor,
        }),
        ...(request.params !== undefined && { params: request.params }),
        cancelLinkDigest: sha256Hex(linkToken),
        fromNewDevice: origin.holdEndsAt !== null && origin.holdEndsAt.getTime() > now.getTime(),
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
        summary: `A device that signed in on ${when(origin.createdAt)} asked to ${request.what}; held until ${when(opensAt)}`,
      },
      now,
    )
    const notice = notices[request.kind]
    const who = row.fromNewDevice
      ? `Someone signed in to your Charter account on a new device on ${when(origin.createdAt)}`
      : `A device that signed in to your Charter account on ${when(origin.createdAt)}`
    const opens = `${notice.opens.charAt(0).toUpperCase()}${notice.opens.slice(1)}`
    await options.tell(request.session.userId, {
      subject: notice.subject,
      text: `${who} and asked to ${request.what}. ${opens} ${when(opensAt)} unless you cancel it: ${linkOrigin ?? ''}/held/${linkToken} (no sign-in needed). If it was you, there is nothing to do. If not, cancel it, then open Charter on a device you trust and sign that device out on the Security page.`,
    })
    return row
  }

  /** The held action a notice's cancel link names, if its digest is one. */
  async function byLink(token: string) {
    if (!/^[0-9a-f]{64}$/.test(token)) return undefined
    const [row] = await db
      .select()
      .from(heldActions)
      .where(eq(heldActions.cancelLinkDigest, sha256Hex(token)))
    return row
  }

  /** Why a link no longer cancels its action, in plain words; undefined while it still does. */
  function linkRefusal(action: HeldAction | undefined, now: Date): string | undefined {
    if (!action) return 'This link does not name a request: it may be cut short, or mistyped.'
    if (action.cancelledAt) return `This request was cancelled already, on ${when(action.cancelledAt)}.`
    if (action.completedAt || action.claimedAt) {
      return 'This request went ahead already: it can no longer be cancelled. If it was not you, open Charter on a device you trust, freeze the account and sign the other devices out.'
    }
    if (action.opensAt.getTime() <= now.getTime()) {
      return `The wait ended at ${when(action.opensAt)}, and this link with it: it can no longer cancel the request. Open Charter on a device you trust.`
    }
    return undefined
  }

  return {
    /** NEW_DEVICE_HOLD_HOURS, and the same in words ("24 hours"). */
    hours: options.hours,
    duration: durationInWords(options.hours),
    holdIfNew,
    holdUntil,
    holdEnd,
    cancelledByAnother,
    originOf,

    /** The origin cancel links point to, once the server listens, unless PUBLIC_URL named it. */
    connect(origin: string) {
      linkOrigin = options.publicOrigin ?? origin
    },

    /** What a notice's cancel link would cancel, shown before anything is done (a GET cancels nothing). */
    async describeLink(token: string, now = new Date()) {
      const action = await byLink(token)
      return {
        summary: action?.summary,
        opens_at: action ? toUnixSeconds(action.opensAt) : undefined,
        refusal: linkRefusal(action, now),
      }
    },

    /** Cancels the action a notice's link names: once, until its wait ends, without a session. */
    async cancelByLink(token: string, now = new Date()) {
      const action = await byLink(token)
      const refusal = linkRefusal(action, now)
      if (refusal || !action) return { cancelled: false as const, message: refusal ?? '' }
      const [cancelled] = await db
        .update(heldActions)
        .set({ cancelledAt: now })
        .where(
          and(
            eq(heldActions.id, action.id),
            isNull(heldActions.cancelledAt),
            isNull(heldActions.completedAt),
            isNull(heldActions.claimedAt),
            gt(heldActions.opensAt, now),
          ),
        )
        .returning()
      // Another cancel, or the sweep, got there first: say what happened instead.
      if (!cancelled) {
        return { cancelled: false as const, message: linkRefusal(await byLink(token), now) ?? '' }
      }
      await recordAccountEvent(
        db,
        {
          userId: cancelled.userId,
          kind: cancelledEvents[cancelled.kind],
          summary: `Cancelled with the link in its notice: ${cancelled.summary}`,
        },
        now,
      )
      return { cancelled: true as const, message: `Cancelled: ${cancelled.summary}. It will not happen.` }
    },

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
    async signedInWith(sessionId: string): Promise<SignInKind | undefined> {
      return (await originOf(sessionId))?.signedInWith
    },

    /**
     * How a new session signed in, and its hold unless the sign-in created the account: the origin
     * `createSession` writes with the session's row.
     */
    newOrigin: (input: { signedInWith: SignInKind; createdAccount: boolean }, now: Date) =>
      newSessionOrigin({ ...input, holdHours: options.hours }, now),

    /**
     * Releases a pending held action of the member at once, their passkey having proven it is theirs (passkeys/):
     * it opens now, and goes ahead as it would have at the end of its wait (a send or a sign-out by the sweep, an
     * export or a signature when its device asks again). Answers the action, or undefined when it is no longer
     * pending (cancelled, done, or a send already on its way).
     */
    async lift(userId: string, id: string, now = new Date()): Promise<HeldAction | undefined> {
      const [lifted] = await db
        .update(heldActions)
        .set({ opensAt: now, liftedAt: now })
        .where(liftable(userId, id))
        .returning()
      if (!lifted) return undefined
      await recordAccountEvent(
        db,
        {
          userId,
          kind: 'held_action_lifted',
          summary: `Released at once with your passkey: ${lifted.summary}`,
        },
        now,
      )
      return lifted
    },

    /** A pending action of the member's, by id: what a passkey would release (never a freeze's lift). */
    async pendingById(userId: string, id: string): Promise<HeldAction | undefined> {
      const [row] = await db.select().from(heldActions).where(liftable(userId, id))
      return row
    },

    /**
     * Starts the hold of a session that had none, from `now`: a session that signed in with a passkey but took
     * its device key with a code is no better than a code sign-in.
     */
    async holdFromNow(sessionId: string, now = new Date()) {
      if (holdMs <= 0) return
      await db
        .update(sessionOrigins)
        .set({ holdEndsAt: new Date(now.getTime() + holdMs) })
        .where(eq(sessionOrigins.sessionId, sessionId))
    },

    /**
     * Completes the session's request of that kind and subject if the member's passkey released it (`lift`):
     * true when it did, and the caller goes ahead now, once.
     */
    async takeLifted(request: Omit<HeldActionRequest, 'what'>, now = new Date()): Promise<boolean> {
      const [taken] = await db
        .update(heldActions)
        .set({ completedAt: now })
        .where(and(openRequestOf(request), isNotNull(heldActions.liftedAt)))
        .returning({ id: heldActions.id })
      return taken !== undefined
    },

    /** Marks the session's request as done, once the action went through after its hold. */
    async complete(request: Omit<HeldActionRequest, 'what'>, now = new Date()) {
      await db.update(heldActions).set({ completedAt: now }).where(openRequestOf(request))
    },

    /** The member's held actions of the last 30 days, newest first, as `session` sees them. */
    async list(session: { sessionId: string; userId: string }, now = new Date()) {
      const since = new Date(now.getTime() - 30 * 86_400_000)
      const mine = await originOf(session.sessionId)
      const rows = await db
        .select({ action: heldActions, session: sessions, signedInWith: sessionOrigins.signedInWith })
        .from(heldActions)
        .innerJoin(sessions, eq(sessions.id, heldActions.sessionId))
        .leftJoin(sessionOrigins, eq(sessionOrigins.sessionId, heldActions.sessionId))
        .where(and(eq(heldActions.userId, session.userId), gt(heldActions.createdAt, since)))
        .orderBy(desc(heldActions.createdAt))
        .limit(50)
      return {
        hold_ends_at: mine?.holdEndsAt && mine.holdEndsAt > now ? toUnixSeconds(mine.holdEndsAt) : null,
        held_actions: rows.map(({ action, session: requester, signedInWith }) =>
          view(action, { ...requester, signedInWith }, session.sessionId, mine, now),
        ),
      }
    },

    /**
     * Cancels a pending held action, from the session that asked, one that signed in before it, or one that
     * signed in after it through another kind of address (`mayCancel`).
     */
    async cancel(session: { sessionId: string; userId: string }, id: string, now = new Date()) {
      const [found] = await db
        .select({ action: heldActions, session: sessions, signedInWith: sessionOrigins.signedInWith })
        .from(heldActions)
        .innerJoin(sessions, eq(sessions.id, heldActions.sessionId))
        .leftJoin(sessionOrigins, eq(sessionOrigins.sessionId, heldActions.sessionId))
        .where(and(eq(heldActions.id, id), eq(heldActions.userId, session.userId)))
      if (!found) throw noSuchAction()
      const row = { action: found.action, session: { ...found.session, signedInWith: found.signedInWith } }
      const mine = await originOf(session.sessionId)
      if (!mayCancel(row.action, row.session, session.sessionId, mine)) {
        throw new LoginError('invalid_data', {
          message:
            row.action.claimedAt && !row.action.cancelledAt
              ? 'This send is going out already, or went out: it can no longer be cancelled.'
              : row.action.cancelledAt || row.action.completedAt
                ? `This request was ${row.action.cancelledAt ? 'cancelled' : 'completed'} already.`
                : 'Only the device that asked, one that signed in before it, or one that signed in later with another of your addresses can cancel this request. Cancel it from a device you have used for longer, or with the link in the notice.',
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
      return view(cancelled, row.session, session.sessionId, mine, now)
    },
  }
}

export type NewDeviceHold = ReturnType<typeof newDeviceHold>
export type HeldAction = typeof heldActions.$inferSelect
/** The session that asked, with the kind of address it signed in with (null: from before origins were kept). */
type SessionRow = typeof sessions.$inferSelect & { signedInWith: SignInKind | null }
/** A session as the hold sees it: when it signed in, how, and until when it is held. */
type SessionSeen = { createdAt: Date; signedInWith: SignInKind | undefined; holdEndsAt: Date | null }

/**
 * A member's held action a passkey may release: pending (neither cancelled, done, nor a send on its way), and not
 * a freeze's lift, for the freeze is the brake against whoever holds a passkey too (a stolen unlocked phone).
 */
const liftable = (userId: string, id: string) =>
  and(
    eq(heldActions.id, id),
    eq(heldActions.userId, userId),
    ne(heldActions.kind, 'lift_freeze'),
    isNull(heldActions.cancelledAt),
    isNull(heldActions.completedAt),
    isNull(heldActions.claimedAt),
  )

const noSuchAction = () =>
  new LoginError('invalid_data', { message: 'There is no such request on your account.' })

/**
 * Who may cancel: the session that asked; any session that signed in before it; and any that signed in after it
 * through another kind of address than it did (the member, signing in by email after a stranger came in with
 * their phone, is not younger in the way that counts: the stranger does not hold that address).
 */
function mayCancel(action: HeldAction, requester: SessionRow, viewer: string, seen: SessionSeen | undefined) {
  // A send a sweep has taken is on its way (see cancel).
  if (action.cancelledAt || action.completedAt || action.claimedAt) return false
  if (requester.id === viewer) return true
  if (!seen) return false
  if (seen.createdAt.getTime() < requester.createdAt.getTime()) return true
  // A session signed in with a passkey is the member's: nobody younger cancels what it asked, however they came in
  // (a thief with the codes would otherwise disable it). Nor does anyone younger cancel a passkey's removal: the
  // holder of the very passkey being removed would cancel it for ever.
  if (requester.signedInWith === 'passkey' || action.kind === 'passkey_remove') return false
  return (
    seen.signedInWith !== undefined &&
    requester.signedInWith !== null &&
    seen.signedInWith !== requester.signedInWith
  )
}

/** A held action as the API answers it, for the member's session `viewer`. */
function view(
  action: HeldAction,
  requester: SessionRow,
  viewer: string,
  seen: SessionSeen | undefined,
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
    requested_at: toUnixSeconds(action.createdAt),
    opens_at: toUnixSeconds(action.opensAt),
    cancelled_at: action.cancelledAt ? toUnixSeconds(action.cancelledAt) : null,
    cancelled_here: action.cancelledBySessionId === viewer,
    /** A send's wallet; null for an export, whose `subject` is the wallet. */
    wallet_id: action.walletId,
    /** How a held send ended: its transaction's hash once it went out, or why it did not. */
    hash: action.resultHash,
    failure: action.failure,
    /** When the member's passkey released it at once; null when it waited (or waits). */
    lifted_at: action.liftedAt ? toUnixSeconds(action.liftedAt) : null,
    this_device: requester.id === viewer,
    can_cancel: mayCancel(action, requester, viewer, seen),
    device: {
      user_agent: requester.userAgent,
      client_address: requester.clientAddress,
      signed_in_at: toUnixSeconds(requester.createdAt),
      signed_out: requester.revokedAt !== null || requester.expiresAt.getTime() <= now.getTime(),
    },
  }
}

export type HeldActionView = ReturnType<typeof view>
