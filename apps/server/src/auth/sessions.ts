import { randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import { batchLoader } from '../db/batch.ts'
import type { Db } from '../db/Database.ts'
import { sessions } from '../db/schema.ts'
import { randomToken, sha256Hex } from './digests.ts'

export type SessionTokens = { sessionId: string; token: string; refreshToken: string; expiresAt: Date }
export type ActiveSession = {
  sessionId: string
  userId: string
  expiresAt: Date
  /** The P-256 key (SPKI, base64) the browser registered for signing wallet requests, if any yet. */
  authorizationKey: string | undefined
}

// Sliding expiry is written at most once a minute per session, not on every request.
const touchEveryMs = 60_000

export async function createSession(
  db: Db,
  options: { userId: string; lifetimeHours: number; userAgent?: string | undefined },
  now = new Date(),
): Promise<SessionTokens> {
  const token = randomToken()
  const refreshToken = randomToken()
  const sessionId = randomUUID()
  const expiresAt = new Date(now.getTime() + options.lifetimeHours * 3_600_000)
  await db.insert(sessions).values({
    id: sessionId,
    userId: options.userId,
    tokenHash: sha256Hex(token),
    refreshTokenHash: sha256Hex(refreshToken),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 300),
  })
  return { sessionId, token, refreshToken, expiresAt }
}

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))

type SessionRow = typeof sessions.$inferSelect

/**
 * Finds live sessions by token or id, with their expiry slid forward. Lookups made at the same moment share
 * one query, since every API request asks.
 */
export function sessionFinder(db: Db, lifetimeHours: number) {
  const byTokenHash = batchLoader(async (hashes: string[]) => {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.tokenHash, hashes), live(new Date())))
    return new Map(rows.map((row) => [row.tokenHash, row]))
  })
  const byId = batchLoader(async (ids: string[]) => {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.id, ids), live(new Date())))
    return new Map(rows.map((row) => [row.id, row]))
  })

  async function slide(row: SessionRow, now: Date): Promise<ActiveSession> {
    let expiresAt = row.expiresAt
    if (now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
      expiresAt = new Date(now.getTime() + lifetimeHours * 3_600_000)
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id))
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

/**
 * Swaps a refresh token (or the session token, for the browser's cookie) for new tokens of the same
 * session. The old ones stop working at once, so a stolen refresh token works once at most.
 */
export async function refreshSession(
  db: Db,
  by: { refreshToken: string } | { token: string },
  lifetimeHours: number,
  now = new Date(),
): Promise<(SessionTokens & { userId: string }) | undefined> {
  const match =
    'refreshToken' in by
      ? eq(sessions.refreshTokenHash, sha256Hex(by.refreshToken))
      : eq(sessions.tokenHash, sha256Hex(by.token))
  const token = randomToken()
  const refreshToken = randomToken()
  const expiresAt = new Date(now.getTime() + lifetimeHours * 3_600_000)
  const [row] = await db
    .update(sessions)
    .set({
      tokenHash: sha256Hex(token),
      refreshTokenHash: sha256Hex(refreshToken),
      lastSeenAt: now,
      expiresAt,
    })
    .where(and(match, live(now)))
    .returning({ id: sessions.id, userId: sessions.userId })
  if (!row) return undefined
  return { sessionId: row.id, userId: row.userId, token, refreshToken, expiresAt }
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}
