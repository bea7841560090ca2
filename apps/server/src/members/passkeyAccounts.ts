import { describeUserAgent, type PasskeyAccount, toUnixSeconds } from '@charter/core'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { passkeys, users } from '../db/schema.ts'

export type PasskeyRow = typeof passkeys.$inferSelect

/** The member's passkeys, oldest first (passkeys/ adds and removes them). */
export const listPasskeys = (db: Db, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))

/** A passkey as `passkeysOfUser` reads it: the row's columns by their SQL names, its times as text. */
type PasskeyJson = {
  credential_id: string
  user_id: string
  public_key: string
  counter: number | string
  transports: string[]
  name: string
  authenticator_name: string | null
  aaguid: string | null
  backed_up: boolean
  created_with_user_agent: string | null
  created_at: string
  last_used_at: string | null
}

/**
 * The user's passkeys, oldest first, as one column of the statement that reads the user (members/users.ts
 * `loadUser`): a sign-in reads no more statements for them.
 */
export const passkeysOfUser = sql<PasskeyJson[]>`(
  select coalesce(json_agg(p order by p.created_at), '[]'::json) from ${passkeys} p where p.user_id = ${users.id}
)`

export const passkeyRowFromJson = (row: PasskeyJson): PasskeyRow => ({
  credentialId: row.credential_id,
  userId: row.user_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports,
  name: row.name,
  authenticatorName: row.authenticator_name,
  aaguid: row.aaguid,
  backedUp: row.backed_up,
  createdWithUserAgent: row.created_with_user_agent,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
})

/** A passkey row in Privy's `passkey` linked-account shape, with Charter's `name` (docs/passkeys.md). */
export function toPasskeyAccount(row: PasskeyRow): PasskeyAccount {
  return {
    type: 'passkey',
    credential_id: row.credentialId,
    name: row.name,
    ...(row.authenticatorName && { authenticator_name: row.authenticatorName }),
    ...(row.createdWithUserAgent && { created_with_browser: describeUserAgent(row.createdWithUserAgent) }),
    enrolled_in_mfa: false,
    verified_at: toUnixSeconds(row.createdAt),
    first_verified_at: toUnixSeconds(row.createdAt),
    latest_verified_at: row.lastUsedAt ? toUnixSeconds(row.lastUsedAt) : null,
  }
}
