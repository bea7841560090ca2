import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { onrampRequests } from '../db/schema.ts'
import type { OnrampAddress, OnrampServiceName, OnrampStatus } from './Onramp.ts'

export type OnrampRequestRow = typeof onrampRequests.$inferSelect

/** Records a request the moment its token is minted: what it may fund, pending. */
export async function recordOnrampRequest(
  db: Db,
  request: {
    partnerUserId: string
    userId: string
    service: OnrampServiceName
    addresses: OnrampAddress[]
    assets: string[] | undefined
    amount: string | undefined
    sandbox: { tokenDigest: string; expiresAt: Date } | undefined
  },
): Promise<void> {
  await db.insert(onrampRequests).values({
    partnerUserId: request.partnerUserId,
    userId: request.userId,
    service: request.service,
    addresses: request.addresses,
    assets: request.assets ?? null,
    amount: request.amount ?? null,
    tokenDigest: request.sandbox?.tokenDigest ?? null,
    tokenExpiresAt: request.sandbox?.expiresAt ?? null,
  })
}

/** The member's own request by its partnerUserId; another member's reads as none. */
export async function findOwnOnrampRequest(
  db: Db,
  userId: string,
  partnerUserId: string,
): Promise<OnrampRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(onrampRequests)
    .where(and(eq(onrampRequests.partnerUserId, partnerUserId), eq(onrampRequests.userId, userId)))
  return row
}

/** The request a sandbox token was minted for, by the token's digest. */
export async function findBySandboxToken(db: Db, tokenDigest: string): Promise<OnrampRequestRow | undefined> {
  const [row] = await db.select().from(onrampRequests).where(eq(onrampRequests.tokenDigest, tokenDigest))
  return row
}

/** Keeps a final status the provider gave, once: a status already final is not changed. */
export async function settleOnrampRequest(
  db: Db,
  partnerUserId: string,
  status: Exclude<OnrampStatus, 'pending'>,
  credited?: Record<string, string>,
): Promise<void> {
  await db
    .update(onrampRequests)
    .set({ status, updatedAt: sql`now()`, ...(credited ? { credited } : {}) })
    .where(and(eq(onrampRequests.partnerUserId, partnerUserId), eq(onrampRequests.status, 'pending')))
}

/**
 * Claims a sandbox token for its one use: one conditional UPDATE, so of two Completes (two tabs, two server
 * processes) exactly one finds it unused, unexpired and pending. Answers whether this caller got it.
 */
export async function claimSandboxToken(
  db: Db,
  claim: { tokenDigest: string; userId: string; partnerUserId: string },
): Promise<boolean> {
  const claimed = await db
    .update(onrampRequests)
    .set({ tokenUsedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(onrampRequests.tokenDigest, claim.tokenDigest),
        eq(onrampRequests.userId, claim.userId),
        eq(onrampRequests.partnerUserId, claim.partnerUserId),
        eq(onrampRequests.status, 'pending'),
        sql`${onrampRequests.tokenUsedAt} IS NULL`,
        sql`${onrampRequests.tokenExpiresAt} > now()`,
      ),
    )
    .returning({ partnerUserId: onrampRequests.partnerUserId })
  return claimed.length === 1
}
