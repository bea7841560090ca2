import { randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/Database.ts'
import { signInNonces } from '../../db/schema.ts'
import { consumeRateLimit, type RateLimitRule } from '../../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../../http/TooManyRequestsError.ts'
import { sha256Hex } from '../../members/digests.ts'
import { type WalletFamily, walletAddressKey } from './WalletFamily.ts'

/** How long a nonce may wait for its signed message. */
export const signInNonceLifetimeMs = 10 * 60_000

export type SignInNonceLimits = {
  /** Nonces for one address: a page asks once per sign-in, so a handful a minute is plenty. */
  perAddress: RateLimitRule
  /** Nonces asked from one client address, whatever the wallet. */
  perClient: RateLimitRule
}

export const defaultSignInNonceLimits: SignInNonceLimits = {
  perAddress: { limit: 10, windowSeconds: 600 },
  perClient: { limit: 120, windowSeconds: 3600 },
}

/**
 * A fresh nonce for `address`'s next sign-in message, replacing any earlier one. 128 random bits in hex: SIWE
 * wants at least 8 letters or digits, and hex is that. Only its SHA-256 is stored, so a leaked table signs no one
 * in. Throttled per address and per client address (`client`: the caller's IP as the server sees it).
 */
export async function issueSignInNonce(
  db: Db,
  request: { family: WalletFamily; address: string; client: string },
  options: { limits?: SignInNonceLimits; now?: Date } = {},
): Promise<{ nonce: string; expiresAt: Date }> {
  const address = walletAddressKey(request.family, request.address)
  const limits = options.limits ?? defaultSignInNonceLimits
  const now = options.now ?? new Date()
  for (const [key, rule, what] of [
    [`siw:${request.family}:${address}`, limits.perAddress, 'Too many sign-in requests for this wallet.'],
    [`siw-client:${request.client}`, limits.perClient, 'Too many wallet sign-in requests from this network.'],
  ] as const) {
    const verdict = await consumeRateLimit(db, key, rule, now)
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `${what} Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      )
    }
  }
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = new Date(now.getTime() + signInNonceLifetimeMs)
  const row = { family: request.family, address, nonceDigest: sha256Hex(nonce), expiresAt }
  await db
    .insert(signInNonces)
    .values(row)
    .onConflictDoUpdate({
      target: [signInNonces.family, signInNonces.address],
      set: { nonceDigest: row.nonceDigest, expiresAt, createdAt: now },
    })
  return { nonce, expiresAt }
}

/** The row of `nonce` if it is the live one issued to the address. */
const liveNonce = (request: { family: WalletFamily; address: string; nonce: string }, now: Date) =>
  and(
    eq(signInNonces.family, request.family),
    eq(signInNonces.address, walletAddressKey(request.family, request.address)),
    eq(signInNonces.nonceDigest, sha256Hex(request.nonce)),
    gt(signInNonces.expiresAt, now),
  )

/**
 * Uses up `nonce` if it is the live one issued to `address`: one conditional DELETE, so of two requests racing
 * with the same nonce exactly one gets true. False when it is another's, replaced, expired or already used.
 */
export async function consumeSignInNonce(
  db: Db,
  request: { family: WalletFamily; address: string; nonce: string },
  now = new Date(),
): Promise<boolean> {
  const deleted = await db
    .delete(signInNonces)
    .where(liveNonce(request, now))
    .returning({ address: signInNonces.address })
  return deleted.length === 1
}

/** Whether `nonce` is the live one for `address`, without using it: checked before the signature, used after. */
export async function isLiveSignInNonce(
  db: Db,
  request: { family: WalletFamily; address: string; nonce: string },
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ address: signInNonces.address })
    .from(signInNonces)
    .where(liveNonce(request, now))
  return row !== undefined
}
