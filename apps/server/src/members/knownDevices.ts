import { and, desc, eq, notInArray } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { knownDevices } from '../db/schema.ts'
import { randomToken, sha256Hex } from './digests.ts'

/** Each account remembers this many devices, the most recently used; a client without cookies adds one each time. */
const devicesKept = 50

/**
 * Whether `token` (the browser's device cookie) has signed in to the account before, remembering it from now
 * on. A request without a token (a client that keeps no cookies) is a new device every time; it is given a
 * fresh token to keep.
 */
export async function recogniseDevice(
  db: Db,
  userId: string,
  token: string | undefined,
  now = new Date(),
): Promise<{ token: string; isNew: boolean }> {
  const kept = token ?? randomToken()
  const digest = sha256Hex(kept)
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceDigest: digest, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ digest: knownDevices.deviceDigest })
  if (inserted.length === 0) {
    await db
      .update(knownDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceDigest, digest)))
    return { token: kept, isNew: false }
  }
  const newest = db
    .select({ digest: knownDevices.deviceDigest })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSeenAt))
    .limit(devicesKept)
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.deviceDigest, newest)))
  return { token: kept, isNew: true }
}
