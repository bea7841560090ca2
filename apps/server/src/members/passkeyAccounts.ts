import { describeUserAgent, type PasskeyAccount } from '@charter/core'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { passkeys } from '../db/schema.ts'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export type PasskeyRow = typeof passkeys.$inferSelect

/** The member's passkeys, oldest first (passkeys/ adds and removes them). */
export const listPasskeys = (db: Db, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))

/** A passkey row in Privy's `passkey` linked-account shape, with Charter's `name` (docs/passkeys.md). */
export function toPasskeyAccount(row: PasskeyRow): PasskeyAccount {
  return {
    type: 'passkey',
    credential_id: row.credentialId,
    name: row.name,
    ...(row.authenticatorName && { authenticator_name: row.authenticatorName }),
    ...(row.createdWithUserAgent && { created_with_browser: describeUserAgent(row.createdWithUserAgent) }),
    enrolled_in_mfa: false,
    verified_at: seconds(row.createdAt),
    first_verified_at: seconds(row.createdAt),
    latest_verified_at: row.lastUsedAt ? seconds(row.lastUsedAt) : null,
  }
}
