import { toUnixSeconds } from '@charter/core'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { accountEvents } from '../db/schema.ts'

export type AccountEventKind = (typeof accountEvents.$inferInsert)['kind']

/** Keeps a line of what happened to the account, for its owner's Security page. */
export async function recordAccountEvent(
  db: Db,
  event: { userId: string; kind: AccountEventKind; summary: string },
  now = new Date(),
): Promise<void> {
  await db.insert(accountEvents).values({ ...event, createdAt: now })
}

/** The account's recent sensitive actions, newest first. */
export async function listAccountEvents(db: Db, userId: string, limit = 50) {
  const rows = await db
    .select()
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    created_at: toUnixSeconds(row.createdAt),
  }))
}
