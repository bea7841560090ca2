import { sql } from 'drizzle-orm'
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
  // One statement: the device is remembered (or its last use moved on), and only when it is new to the account
  // are the oldest beyond the newest `devicesKept` forgotten (the delete sees the rows as they were before the
  // insert, so it keeps one fewer). `xmax = 0` is PostgreSQL's mark of a row this statement inserted rather
  // than updated.
  const result = (await db.execute(sql`
    with seen as (
      insert into ${knownDevices} (user_id, device_digest, last_seen_at)
      values (${userId}, ${digest}, ${now.toISOString()}::timestamptz)
      on conflict (user_id, device_digest) do update set last_seen_at = excluded.last_seen_at
      returning (xmax = 0) as is_new
    ), forgotten as (
      delete from ${knownDevices}
      where user_id = ${userId}
        and (select is_new from seen)
        and device_digest not in (
          select device_digest from ${knownDevices} where user_id = ${userId}
          order by last_seen_at desc limit ${devicesKept - 1}
        )
    )
    select is_new from seen`)) as unknown as { rows: { is_new: boolean }[] }
  return { token: kept, isNew: result.rows[0]?.is_new === true }
}
