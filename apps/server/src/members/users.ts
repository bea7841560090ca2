// members/: the member (user, accounts, sessions, device keys) auth/ and wallets/ share; it imports neither.
import { randomBytes } from 'node:crypto'
import type { CharterUser, LinkedAccount, WalletChainType } from '@charter/core'
import { toUnixSeconds } from '@charter/core'
import { and, eq, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../db/Database.ts'
import { preparedFor } from '../db/prepared.ts'
import { identities, users, wallets } from '../db/schema.ts'
import { type PasskeyRow, passkeyRowFromJson, passkeysOfUser, toPasskeyAccount } from './passkeyAccounts.ts'
import { listWallets, toLinkedAccount, type WalletRow } from './walletAccounts.ts'

/** The addresses a one-time code reaches: a member signs in with one by the code sent to it. */
export type CodeIdentityKind = 'phone' | 'email'

/** The ways a member signs in: an address a code reaches, or a wallet they hold and sign with. */
export type IdentityKind = CodeIdentityKind | 'wallet'
/** How a session signed in: an identity, or one of the member's passkeys (passkeys/). */
export type SignInKind = IdentityKind | 'passkey'

/** A phone number (E.164) or an email address (lower-case), as its channel normalised it. */
export type CodeIdentity = { kind: CodeIdentityKind; address: string }

/**
 * A wallet the member holds: `0x` and 40 hex digits in any case on Ethereum (kept lower-case, shown
 * checksummed), the base58 public key as is on Solana.
 */
export type WalletIdentity = { kind: 'wallet'; chainType: WalletChainType; address: string }

/** Who a member is to the login provider: each identity is one account's, and finds it. */
export type Identity = CodeIdentity | WalletIdentity

/** The wallet app and connector that made a wallet's latest signature (Privy's `wallet_client_type`, `connector_type`). */
export type WalletClient = { walletClientType: string; connectorType: string }

/** An identity as it is proven: a wallet comes with the client that signed. */
export type VerifiedIdentity = CodeIdentity | (WalletIdentity & WalletClient)

/** The identity as the `identities` table keeps it: its kind, its canonical value and a wallet's chain. */
function stored(identity: Identity) {
  if (identity.kind !== 'wallet') return { kind: identity.kind, value: identity.address, chainType: null }
  const value = identity.chainType === 'ethereum' ? identity.address.toLowerCase() : identity.address
  return { kind: identity.kind, value, chainType: identity.chainType }
}

/** A verified identity's row fields beside its value: a wallet's chain and client, null for the others. */
function storedClient(identity: VerifiedIdentity) {
  return identity.kind === 'wallet'
    ? { walletClientType: identity.walletClientType, connectorType: identity.connectorType }
    : { walletClientType: null, connectorType: null }
}

/** The row of the identity: a wallet's on its own chain only. */
const matching = (identity: Identity) => {
  const { kind, value, chainType } = stored(identity)
  return and(
    eq(identities.kind, kind),
    eq(identities.value, value),
    chainType === null ? undefined : eq(identities.chainType, chainType),
  )
}

/**
 * What a new user is made with (Charter's embedded wallets): the wallet rows to write in the very statement that
 * writes the user, so a user never exists without them. Their keys are sealed, and wiped, before it runs.
 */
export type UserCreatedHook = (userId: string) => (typeof wallets.$inferInsert)[]

/** `did:charter:` and 25 random base-36 characters (about 128 bits). */
export function newUserId(): `did:${string}` {
  const digits = BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')
  return `did:charter:${digits}`
}

export async function findUserIdByIdentity(db: Db, identity: Identity): Promise<string | undefined> {
  const [row] = await db.select({ userId: identities.userId }).from(identities).where(matching(identity))
  return row?.userId
}

/**
 * Adds an identity to an existing account. The unique indexes refuse one that is another account's, and a
 * second phone number or email address; the caller tells the member which.
 */
export async function addIdentity(db: Db, userId: string, identity: VerifiedIdentity, now = new Date()) {
  await db.insert(identities).values({
    userId,
    ...stored(identity),
    ...storedClient(identity),
    firstVerifiedAt: now,
    latestVerifiedAt: now,
  })
}

/**
 * Makes the user, its identity and what the hooks add, all in one statement (data-modifying CTEs: all or none
 * is written, with no transaction); answers the user as `loadUser` would, from the rows written.
 */
export async function createUserWithIdentity(
  db: Db,
  identity: VerifiedIdentity,
  onUserCreated: UserCreatedHook[],
  now = new Date(),
): Promise<CharterUser> {
  const id = newUserId()
  const newUser = db.$with('new_user').as(db.insert(users).values({ id, createdAt: now }).returning())
  // The identity's row takes its user from the user's row.
  const newIdentity = db.$with('new_identity').as(
    db
      .insert(identities)
      .values({
        userId: sql`(select ${sql.identifier('id')} from ${sql.identifier('new_user')})`,
        ...stored(identity),
        ...storedClient(identity),
        firstVerifiedAt: now,
        latestVerifiedAt: now,
      })
      .returning(),
  )
  const walletValues = onUserCreated.flatMap((hook) => hook(id))
  if (walletValues.length === 0) {
    const [written] = await db.with(newUser, newIdentity).select().from(newUser).crossJoin(newIdentity)
    if (!written) throw new Error('the new user was not written')
    return userAnswer(written.new_user, [written.new_identity], [])
  }
  const newWallets = db.$with('new_wallets').as(
    db
      .insert(wallets)
      .values(walletValues.map((row) => ({ ...row, createdAt: now })))
      .returning(),
  )
  // One row per wallet, each with the user and the identity.
  const written = await db
    .with(newUser, newIdentity, newWallets)
    .select()
    .from(newUser)
    .crossJoin(newIdentity)
    .crossJoin(newWallets)
  const byId = new Map(written.map((row) => [row.new_wallets.id, row.new_wallets]))
  const made = walletValues.map((row) => byId.get(row.id as string))
  const [first] = written
  if (!first || made.some((row) => row === undefined)) throw new Error('the new user was not written')
  return userAnswer(first.new_user, [first.new_identity], made as WalletRow[])
}

/**
 * A sign-in with the identity: its latest verification, and for a wallet the client that signed this time.
 * Answers whose identity it is, or undefined when it is nobody's yet: the lookup and the mark in one statement.
 */
export async function markIdentityVerified(
  db: Db,
  identity: VerifiedIdentity,
  now = new Date(),
): Promise<string | undefined> {
  if (identity.kind !== 'wallet') {
    const [row] = await markCodeIdentity(db).execute({
      now: now.toISOString(),
      kind: identity.kind,
      value: identity.address,
    })
    return row?.userId
  }
  const [row] = await db
    .update(identities)
    .set({ latestVerifiedAt: now, ...storedClient(identity) })
    .where(matching(identity))
    .returning({ userId: identities.userId })
  return row?.userId
}

/** `markIdentityVerified` for a phone number or an email address, prepared: every code sign-in runs it. */
const markCodeIdentity = preparedFor((db) =>
  db
    .update(identities)
    .set({ latestVerifiedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(identities.kind, sql.placeholder('kind')), eq(identities.value, sql.placeholder('value'))))
    .returning({ userId: identities.userId })
    .prepare('identity_mark_verified'),
)

/** An identity row in Privy's shape. */
function toAccount(row: typeof identities.$inferSelect): LinkedAccount {
  const dates = {
    verified_at: toUnixSeconds(row.firstVerifiedAt),
    first_verified_at: toUnixSeconds(row.firstVerifiedAt),
    latest_verified_at: toUnixSeconds(row.latestVerifiedAt),
  }
  if (row.kind === 'phone') return { type: 'phone', phoneNumber: row.value, ...dates }
  if (row.kind === 'email') return { type: 'email', address: row.value, ...dates }
  const { chainType, walletClientType, connectorType } = row
  // The table's check keeps these set for a wallet: a row without them is a bug, not a member's mistake.
  if (!chainType || !walletClientType || !connectorType) {
    throw new Error(`Wallet identity ${row.id} lacks its chain or client`)
  }
  return {
    type: 'wallet',
    address: chainType === 'ethereum' ? getAddress(row.value) : row.value,
    chain_type: chainType,
    wallet_client_type: walletClientType,
    connector_type: connectorType,
    ...dates,
  }
}

/**
 * The user in the login provider's shape: the ways in (phone, email, wallets the member holds) oldest first, then
 * the embedded wallets.
 */
export async function loadUser(db: Db, userId: string): Promise<CharterUser | undefined> {
  // The user, its identities and its passkeys in one statement, its wallets in another, at the same time: on
  // PostgreSQL two connections answer them together.
  const [rows, walletRows] = await Promise.all([
    db
      .select({ user: users, identity: identities, passkeys: passkeysOfUser })
      .from(users)
      .leftJoin(identities, eq(identities.userId, users.id))
      .where(eq(users.id, userId))
      .orderBy(identities.firstVerifiedAt, identities.id),
    listWallets(db, userId),
  ])
  const user = rows[0]?.user
  if (!user) return undefined
  const identityRows = rows.flatMap((row) => (row.identity ? [row.identity] : []))
  return userAnswer(user, identityRows, walletRows, (rows[0]?.passkeys ?? []).map(passkeyRowFromJson))
}

/** The user in Privy's shape: its identities in the order they were verified, then its wallets by chain and index. */
function userAnswer(
  user: typeof users.$inferSelect,
  identityRows: (typeof identities.$inferSelect)[],
  walletRows: WalletRow[],
  passkeyRows: PasskeyRow[] = [],
): CharterUser {
  const linked: LinkedAccount[] = [...identityRows.map(toAccount), ...passkeyRows.map(toPasskeyAccount)]
  const byChainAndIndex = [...walletRows].sort((a, b) =>
    a.chainType < b.chainType ? -1 : a.chainType > b.chainType ? 1 : a.walletIndex - b.walletIndex,
  )
  for (const wallet of byChainAndIndex) linked.push(toLinkedAccount(wallet))
  return {
    id: user.id as `did:${string}`,
    created_at: toUnixSeconds(user.createdAt),
    linked_accounts: linked,
    mfa_methods: [],
    is_guest: false,
    has_accepted_terms: user.hasAcceptedTerms,
  }
}
