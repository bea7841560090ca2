// members/: the member (user, accounts, sessions, device keys) auth/ and wallets/ share; it imports neither.
import { randomBytes } from 'node:crypto'
import type { CharterUser, LinkedAccount } from '@charter/core'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { identities, users } from '../db/schema.ts'
import { listWallets, toLinkedAccount } from './walletAccounts.ts'

export type IdentityKind = 'phone' | 'email'

/** Runs inside the transaction that creates a user, so a user never exists without what it hooks in (wallets). */
export type UserCreatedHook = (tx: Db, userId: string) => Promise<void>

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** `did:charter:` and 25 random base-36 characters (about 128 bits). */
export function newUserId(): `did:${string}` {
  const digits = BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')
  return `did:charter:${digits}`
}

export async function findUserIdByIdentity(db: Db, kind: IdentityKind, value: string) {
  const [row] = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.kind, kind), eq(identities.value, value)))
  return row?.userId
}

export async function createUserWithIdentity(
  tx: Db,
  identity: { kind: IdentityKind; value: string },
  onUserCreated: UserCreatedHook[],
  now = new Date(),
): Promise<string> {
  const id = newUserId()
  await tx.insert(users).values({ id, createdAt: now })
  await tx.insert(identities).values({
    userId: id,
    kind: identity.kind,
    value: identity.value,
    firstVerifiedAt: now,
    latestVerifiedAt: now,
  })
  for (const hook of onUserCreated) await hook(tx, id)
  return id
}

export async function markIdentityVerified(db: Db, kind: IdentityKind, value: string, now = new Date()) {
  await db
    .update(identities)
    .set({ latestVerifiedAt: now })
    .where(and(eq(identities.kind, kind), eq(identities.value, value)))
}

/** The user in the login provider's shape: phone and email oldest first, then the wallets. */
export async function loadUser(db: Db, userId: string): Promise<CharterUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) return undefined
  const rows = await db
    .select()
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(identities.firstVerifiedAt, identities.id)
  const linked: LinkedAccount[] = rows.map((row) => {
    const dates = {
      verified_at: seconds(row.firstVerifiedAt),
      first_verified_at: seconds(row.firstVerifiedAt),
      latest_verified_at: seconds(row.latestVerifiedAt),
    }
    return row.kind === 'phone'
      ? { type: 'phone', phoneNumber: row.value, ...dates }
      : { type: 'email', address: row.value, ...dates }
  })
  for (const wallet of await listWallets(db, userId)) linked.push(toLinkedAccount(wallet))
  return {
    id: user.id as `did:${string}`,
    created_at: seconds(user.createdAt),
    linked_accounts: linked,
    mfa_methods: [],
    is_guest: false,
    has_accepted_terms: user.hasAcceptedTerms,
  }
}
