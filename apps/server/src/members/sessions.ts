// members/: the member (user, accounts, sessions, device keys) auth/ and wallets/ share; it imports neither.
import { randomUUID } from 'node:crypto'
import { toUnixSeconds } from '@charter/core'
import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import { batchLoader } from '../db/batch.ts'
import type { Db } from '../db/Database.ts'
import { preparedFor } from '../db/prepared.ts'
import { sessionOrigins, sessionSupersededTokens, sessions } from '../db/schema.ts'
import { hmacBase64Url, randomToken, sha256Hex } from './digests.ts'
import { deviceCookie, deviceRemembered } from './knownDevices.ts'

/**
 * Why a session was revoked, as the device that still holds it is told: signed out there, signed out
 * everywhere (from any session), signed out from another session, other devices signed out by an address
 * change, or its refresh token came back after it had been replaced (a theft).
 */
export type SessionEndReason =
  | 'signed_out'
  | 'signed_out_everywhere'
  | 'signed_out_by_another_session'
  | 'address_changed'
  | 'refresh_token_reused'

export type SessionTokens = { sessionId: string; token: string; refreshToken: string; expiresAt: Date }
export type ActiveSession = {
  sessionId: string
  userId: string
  expiresAt: Date
  /** The P-256 key (SPKI, base64) the session is bound to, if any yet. */
  authorizationKey: string | undefined
}

export type SessionLifetime = {
  /** Unused for this long, a session ends; each use slides it forward. */
  lifetimeHours: number
  /** Used or not, a session ends this long after sign-in. */
  maxDays: number
}

// Sliding expiry is written at most once a minute per session, not on every request.
const touchEveryMs = 60_000
/** Two tabs that refresh at the same moment both present the old token: within this, they share one outcome. */
export const refreshGraceMs = 10_000

const hours = (n: number) => n * 3_600_000

/**
 * How a session signed in, and until when its risky actions wait (null: they need not). The new-device hold
 * (holds/newDeviceHold.ts) decides it; the session's row and this one are written together.
 */
export type SessionOrigin = {
  signedInWith: (typeof sessionOrigins.$inferInsert)['signedInWith']
  holdEndsAt: Date | null
}

/**
 * A new session on the device whose cookie the sign-in sent: the session's row, its origin and the device
 * remembered (`members/knownDevices.ts`), in one statement. Answers the session's tokens and the device's
 * cookie, and whether the account had never seen that device.
 */
export async function createSession(
  db: Db,
  options: SessionLifetime & {
    userId: string
    userAgent?: string | undefined
    clientAddress?: string | undefined
    authorizationKey?: string | undefined
    origin: SessionOrigin
    /** The browser's device cookie, if it sent one. */
    deviceToken: string | undefined
  },
  now = new Date(),
): Promise<SessionTokens & { device: { token: string; isNew: boolean } }> {
  const token = randomToken()
  const refreshToken = randomToken()
  const sessionId = randomUUID()
  const absoluteExpiresAt = new Date(now.getTime() + hours(24 * options.maxDays))
  const expiresAt = new Date(
    Math.min(now.getTime() + hours(options.lifetimeHours), absoluteExpiresAt.getTime()),
  )
  const device = deviceCookie(options.deviceToken)
  const [row] = await insertSessionOnDevice(db).execute({
    id: sessionId,
    userId: options.userId,
    tokenHash: sha256Hex(token),
    refreshTokenHash: sha256Hex(refreshToken),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    absoluteExpiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    clientAddress: options.clientAddress?.slice(0, 64) ?? null,
    authorizationKey: options.authorizationKey ?? null,
    signedInWith: options.origin.signedInWith,
    holdEndsAt: options.origin.holdEndsAt?.toISOString() ?? null,
    deviceDigest: device.digest,
    now,
  })
  return {
    sessionId,
    token,
    refreshToken,
    expiresAt,
    device: { token: device.token, isNew: row?.isNew === true },
  }
}

/**
 * A new session's row, its origin and its device in one statement, prepared: every sign-in writes all three.
 * The origin's row is selected from the session's returned row, so it exists only with the session it describes.
 */
const insertSessionOnDevice = preparedFor((db) => {
  const started = db.$with('started').as(
    db
      .insert(sessions)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        tokenHash: sql.placeholder('tokenHash'),
        refreshTokenHash: sql.placeholder('refreshTokenHash'),
        createdAt: sql.placeholder('createdAt'),
        lastSeenAt: sql.placeholder('lastSeenAt'),
        expiresAt: sql.placeholder('expiresAt'),
        absoluteExpiresAt: sql.placeholder('absoluteExpiresAt'),
        userAgent: sql.placeholder('userAgent'),
        clientAddress: sql.placeholder('clientAddress'),
        authorizationKey: sql.placeholder('authorizationKey'),
      })
      .returning({ id: sessions.id, userId: sessions.userId }),
  )
  const origin = db.$with('origin').as(
    db
      .insert(sessionOrigins)
      .select((qb) =>
        qb
          .select({
            sessionId: started.id,
            userId: started.userId,
            // Typed here: a parameter in a select list would otherwise be text.
            signedInWith: sql<SessionOrigin['signedInWith']>`${sql.placeholder('signedInWith')}::text`.as(
              'signed_in_with',
            ),
            holdEndsAt: sql<Date | null>`${sql.placeholder('holdEndsAt')}::timestamptz`.as('hold_ends_at'),
          })
          .from(started),
      )
      .returning({ sessionId: sessionOrigins.sessionId }),
  )
  const { seen, forgotten } = deviceRemembered(db)
  return db
    .with(started, origin, seen, forgotten)
    .select({ isNew: seen.isNew })
    .from(seen)
    .prepare('session_insert_on_device')
})

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))

/** The sliding expiry from `now`, never past the session's absolute end. */
const slidExpiry = (now: Date, lifetimeHours: number) =>
  sql<Date>`least(${new Date(now.getTime() + hours(lifetimeHours)).toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})`

type SessionRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'userId' | 'tokenHash' | 'expiresAt' | 'lastSeenAt' | 'authorizationKey'
>

/**
 * Finds live sessions by token or id, with their expiry slid forward. Lookups made at the same moment share
 * one query, since every API request asks.
 */
export function sessionFinder(db: Db, lifetimeHours: number) {
  // Prepared once, by name, on every connection that runs them: each request pays for executing the lookup,
  // not for building and planning it. `= any($1)` keeps one statement for one key or for a batch of them.
  const found = {
    id: sessions.id,
    userId: sessions.userId,
    tokenHash: sessions.tokenHash,
    expiresAt: sessions.expiresAt,
    lastSeenAt: sessions.lastSeenAt,
    authorizationKey: sessions.authorizationKey,
  }
  const liveNow = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')))
  const byTokenHashes = db
    .select(found)
    .from(sessions)
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('keys')})`, liveNow))
    .prepare('session_by_token_hash')
  const byIds = db
    .select(found)
    .from(sessions)
    .where(and(sql`${sessions.id} = any(${sql.placeholder('keys')})`, liveNow))
    .prepare('session_by_id')
  const byTokenHash = batchLoader(async (hashes: string[]) => {
    const rows = await byTokenHashes.execute({ keys: hashes, now: new Date().toISOString() })
    return new Map(rows.map((row) => [row.tokenHash, row]))
  })
  const byId = batchLoader(async (ids: string[]) => {
    const rows = await byIds.execute({ keys: ids, now: new Date().toISOString() })
    return new Map(rows.map((row) => [row.id, row]))
  })

  async function slide(row: SessionRow, now: Date): Promise<ActiveSession> {
    let expiresAt = row.expiresAt
    if (now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
      const [updated] = await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: slidExpiry(now, lifetimeHours) })
        .where(eq(sessions.id, row.id))
        .returning({ expiresAt: sessions.expiresAt })
      if (updated) expiresAt = updated.expiresAt
    }
    return {
      sessionId: row.id,
      userId: row.userId,
      expiresAt,
      authorizationKey: row.authorizationKey ?? undefined,
    }
  }

  /** The live session a token or id belongs to; undefined for anything else. */
  return async (
    by: { token: string } | { sessionId: string },
    now = new Date(),
  ): Promise<ActiveSession | undefined> => {
    const row = 'token' in by ? await byTokenHash(sha256Hex(by.token)) : await byId(by.sessionId)
    return row ? slide(row, now) : undefined
  }
}

export type SessionFinder = ReturnType<typeof sessionFinder>

export type RefreshOutcome =
  | { kind: 'refreshed'; tokens: SessionTokens & { userId: string } }
  /**
   * A token the session replaced a while ago came back, after any number of refreshes since: someone kept a
   * copy. The session is ended; these say whose it was, so the member can be told.
   */
  | { kind: 'reused'; sessionId: string; userId: string; userAgent: string | undefined }
  | { kind: 'unknown' }

/**
 * The tokens that replace `presented`. They are derived from it with the server's secret rather than drawn at
 * random, so two refreshes of the same token at the same moment (two tabs) answer the same new tokens, and
 * neither clears the other's cookie; nothing but their digests is stored.
 */
const successorsOf = (secret: string, presented: string) => ({
  token: hmacBase64Url(secret, `session-token\n${presented}`),
  refreshToken: hmacBase64Url(secret, `refresh-token\n${presented}`),
})

/**
 * Swaps a refresh token (or the session token, for the browser's cookie) for new tokens of the same session.
 * The old ones stop working at once and join the session's lineage (`sessionSupersededTokens`). Presented again
 * within a few seconds (a concurrent refresh), the old token gets the same new tokens; presented later, however
 * many refreshes ago it was replaced, it ends the session, since only a copy kept by someone else can still
 * hold it: a thief who refreshed first, and on, loses the session the moment the member's own token comes back.
 */
export async function refreshSession(
  db: Db,
  options: { secret: string; lifetimeHours: number },
  by: { refreshToken: string } | { token: string },
  now = new Date(),
): Promise<RefreshOutcome> {
  const presented = 'refreshToken' in by ? by.refreshToken : by.token
  const presentedHash = sha256Hex(presented)
  const kind = 'refreshToken' in by ? ('refresh' as const) : ('session' as const)
  const next = successorsOf(options.secret, presented)
  const current = kind === 'refresh' ? sessions.refreshTokenHash : sessions.tokenHash

  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: sessions.id, tokenHash: sessions.tokenHash, refreshTokenHash: sessions.refreshTokenHash })
      .from(sessions)
      .where(and(eq(current, presentedHash), live(now)))
      .for('update')
    if (!before) return undefined
    const [after] = await tx
      .update(sessions)
      .set({
        tokenHash: sha256Hex(next.token),
        refreshTokenHash: sha256Hex(next.refreshToken),
        lastSeenAt: now,
        expiresAt: slidExpiry(now, options.lifetimeHours),
      })
      .where(eq(sessions.id, before.id))
      .returning({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    await tx
      .insert(sessionSupersededTokens)
      .values([
        { tokenHash: before.tokenHash, sessionId: before.id, kind: 'session', supersededAt: now },
        { tokenHash: before.refreshTokenHash, sessionId: before.id, kind: 'refresh', supersededAt: now },
      ])
      .onConflictDoNothing()
    return after
  })
  if (row) {
    return {
      kind: 'refreshed',
      tokens: { sessionId: row.id, userId: row.userId, ...next, expiresAt: row.expiresAt },
    }
  }

  const [superseded] = await db
    .select({ session: sessions, supersededAt: sessionSupersededTokens.supersededAt })
    .from(sessionSupersededTokens)
    .innerJoin(sessions, eq(sessions.id, sessionSupersededTokens.sessionId))
    .where(and(eq(sessionSupersededTokens.tokenHash, presentedHash), eq(sessionSupersededTokens.kind, kind)))
  if (!superseded) return { kind: 'unknown' }
  const replaced = superseded.session
  if (replaced.revokedAt || replaced.expiresAt.getTime() <= now.getTime()) return { kind: 'unknown' }
  if (now.getTime() - superseded.supersededAt.getTime() <= refreshGraceMs) {
    // The same outcome as the refresh that won, if it was this very token that it replaced.
    if (replaced.tokenHash === sha256Hex(next.token)) {
      return {
        kind: 'refreshed',
        tokens: { sessionId: replaced.id, userId: replaced.userId, ...next, expiresAt: replaced.expiresAt },
      }
    }
    return { kind: 'unknown' }
  }
  await revokeSession(db, replaced.id, now, 'refresh_token_reused')
  return {
    kind: 'reused',
    sessionId: replaced.id,
    userId: replaced.userId,
    userAgent: replaced.userAgent ?? undefined,
  }
}

export async function revokeSession(
  db: Db,
  sessionId: string,
  now = new Date(),
  reason: SessionEndReason = 'signed_out',
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, endedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/**
 * Ends the live session a refresh token belongs to (its current one only: a replaced one names nothing), for
 * a client that logs out with its refresh token after its access token expired, as Privy's client does.
 */
export async function revokeSessionByRefreshToken(
  db: Db,
  refreshToken: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, endedReason: 'signed_out' satisfies SessionEndReason })
    .where(and(eq(sessions.refreshTokenHash, sha256Hex(refreshToken)), live(now)))
}

/**
 * The user's live sessions, most recently used first, for the member to see and end one by one. Each says
 * which address kind it signed in with (`session_origins`), so "signed in as" names that address for a member
 * who has both; null for a session with no recorded origin (one started before origins were kept).
 */
export async function listUserSessions(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select({ session: sessions, signedInWith: sessionOrigins.signedInWith })
    .from(sessions)
    .leftJoin(sessionOrigins, eq(sessionOrigins.sessionId, sessions.id))
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastSeenAt))
  return rows.map(({ session: row, signedInWith }) => ({
    id: row.id,
    user_agent: row.userAgent,
    client_address: row.clientAddress,
    created_at: toUnixSeconds(row.createdAt),
    last_seen_at: toUnixSeconds(row.lastSeenAt),
    expires_at: toUnixSeconds(row.expiresAt),
    has_device_key: row.authorizationKey !== null,
    signed_in_with: signedInWith,
  }))
}

/** Ends one session of the user; answers the session's user agent (to name it), or undefined if there was none. */
export async function revokeUserSession(
  db: Db,
  userId: string,
  sessionId: string,
  reason: SessionEndReason,
  now = new Date(),
) {
  // Session ids are UUIDs; anything else names no session.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return false
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: now, endedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userAgent: sessions.userAgent })
  return ended && { userAgent: ended.userAgent }
}

/** Ends every session of the user, or every one but `except`; answers how many ended. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  options: { except?: string; reason: SessionEndReason },
  now = new Date(),
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now, endedReason: options.reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.except ? ne(sessions.id, options.except) : undefined,
      ),
    )
    .returning({ id: sessions.id })
  return ended.length
}

/**
 * Why the session a credential names was revoked, for a request that brought a token (or a session id from a
 * verified access token) no live session answers to; undefined when it expired, never existed, or ended
 * before reasons were kept.
 */
export async function endedSessionReason(
  db: Db,
  by: { token: string } | { sessionId: string },
): Promise<SessionEndReason | undefined> {
  const [row] = await db
    .select({ reason: sessions.endedReason })
    .from(sessions)
    .where(
      and(
        'token' in by ? eq(sessions.tokenHash, sha256Hex(by.token)) : eq(sessions.id, by.sessionId),
        isNotNull(sessions.revokedAt),
      ),
    )
  return (row?.reason ?? undefined) as SessionEndReason | undefined
}

/** Binds a device key to a session that has none yet; answers whether the session now holds `key`. */
export async function bindSessionKey(db: Db, sessionId: string, key: string): Promise<boolean> {
  const [row] = await db
    .update(sessions)
    .set({ authorizationKey: key })
    .where(
      and(
        eq(sessions.id, sessionId),
        or(isNull(sessions.authorizationKey), eq(sessions.authorizationKey, key)),
      ),
    )
    .returning({ id: sessions.id })
  return row !== undefined
}
