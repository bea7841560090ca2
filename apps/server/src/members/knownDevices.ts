import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { knownDevices } from '../db/schema.ts'
import { randomToken, sha256Hex } from './digests.ts'

/** Each account remembers this many devices, the most recently used; a client without cookies adds one each time. */
const devicesKept = 50

/**
 * The device cookie a sign-in leaves the browser: the one it sent, or, from a client that keeps no cookies, a
 * fresh one (a new device every time). Only its digest is stored.
 */
export function deviceCookie(token: string | undefined): { token: string; digest: string } {
  const kept = token ?? randomToken()
  return { token: kept, digest: sha256Hex(kept) }
}

/**
 * Two data-modifying CTEs for a sign-in's statement (`members/sessions.ts` `createSession`), over its
 * placeholders `userId`, `deviceDigest` and `now`: `seen` remembers the device (or moves its last use on) and
 * answers `is_new`; `forgotten`, only when the device is new to the account, forgets the oldest beyond the newest
 * `devicesKept` (it sees the rows as they were before the insert, so it keeps one fewer). `xmax = 0` is
 * PostgreSQL's mark of a row this statement inserted rather than updated.
 */
export function deviceRemembered(db: Db) {
  const userId = sql.placeholder('userId')
  const seen = db.$with('seen').as(
    db
      .insert(knownDevices)
      .values({ userId, deviceDigest: sql.placeholder('deviceDigest'), lastSeenAt: sql.placeholder('now') })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.deviceDigest],
        set: { lastSeenAt: sql`excluded.last_seen_at` },
      })
      .returning({ isNew: sql<boolean>`(xmax = 0)`.as('is_new') }),
  )
  const newest = db
    .select({ digest: knownDevices.deviceDigest })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSeenAt))
    .limit(devicesKept - 1)
  const forgotten = db.$with('forgotten').as(
    db
      .delete(knownDevices)
      .where(
        and(
          eq(knownDevices.userId, userId),
          sql`(select ${seen.isNew} from ${seen})`,
          notInArray(knownDevices.deviceDigest, newest),
        ),
      )
      .returning({ digest: knownDevices.deviceDigest }),
  )
  return { seen, forgotten }
}
