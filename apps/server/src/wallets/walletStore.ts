import { randomUUID } from 'node:crypto'
import { LoginError } from '@charter/core'
import { and, count, eq, max, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { isUniqueViolation } from '../db/isUniqueViolation.ts'
import { wallets } from '../db/schema.ts'
import type { WalletRow } from '../members/walletAccounts.ts'
import type { KeyVault } from './KeyVault.ts'
import { type ChainType, generateWalletKey } from './walletKeys.ts'

type WalletOwner = { userId: string; chainType: ChainType; walletIndex: number }

/** A new wallet's row as it is written: its key sealed, the plain key already wiped. */
export type SealedWallet = typeof wallets.$inferInsert

/** Makes a key for each owner and seals it; the plain keys are wiped before this returns. */
export function sealNewWallets(vault: KeyVault, owners: WalletOwner[]): SealedWallet[] {
  const keys: Buffer[] = []
  try {
    return owners.map((owner) => {
      const id = randomUUID()
      const { privateKey, address } = generateWalletKey(owner.chainType)
      keys.push(privateKey)
      const sealed = vault.seal(privateKey, { walletId: id, userId: owner.userId })
      return {
        id,
        userId: owner.userId,
        chainType: owner.chainType,
        walletIndex: owner.walletIndex,
        address,
        sealedKey: sealed.ciphertext,
        wrappedDataKey: sealed.wrappedDataKey,
        masterKeyId: sealed.masterKeyId,
      }
    })
  } finally {
    for (const key of keys) key.fill(0)
  }
}

/** Makes a key for each, seals it and stores the wallets in one statement; the plain keys are wiped first. */
export async function insertWallets(db: Db, vault: KeyVault, owners: WalletOwner[]): Promise<WalletRow[]> {
  const rows = await db.insert(wallets).values(sealNewWallets(vault, owners)).returning()
  if (rows.length !== owners.length) throw new Error('the wallet rows were not written')
  return rows
}

/** Makes a key, seals it and stores the wallet; the plain key is wiped before this returns. */
export async function insertWallet(db: Db, vault: KeyVault, owner: WalletOwner): Promise<WalletRow> {
  const [row] = await insertWallets(db, vault, [owner])
  if (!row) throw new Error('the wallet row was not written')
  return row
}

/** A new member's first wallets, an EVM and a Solana one, index 0 each, written with the member (`onUserCreated`). */
export const createFirstWallets = (vault: KeyVault) => (userId: string) =>
  sealNewWallets(vault, [
    { userId, chainType: 'ethereum', walletIndex: 0 },
    { userId, chainType: 'solana', walletIndex: 0 },
  ])

const createAttempts = 5

/**
 * Makes a user's next wallet of a chain type, while it has fewer than `limit`. Creations for one user run one
 * at a time in this process, so they neither race for an index nor fail; across replicas two may still pick
 * the same index, and the unique index on (user, chain type, index) makes one of them try the next. Indexes
 * have no gaps, so the index bound is the cap, races included. A creation that keeps losing that race (many
 * replicas at once) is a 409 to try again, never a 500.
 */
export function walletCreator(db: Db, vault: KeyVault) {
  const queues = new Map<string, Promise<unknown>>()

  /** Runs `task` after every earlier creation of this user has settled; the queue goes when it empties. */
  function inTurn<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const before = queues.get(userId) ?? Promise.resolve()
    const turn = before.then(task, task)
    const settled = turn.catch(() => undefined)
    queues.set(userId, settled)
    void settled.then(() => {
      if (queues.get(userId) === settled) queues.delete(userId)
    })
    return turn
  }

  async function createNext(owner: { userId: string; chainType: ChainType; limit: number }) {
    const { userId, chainType, limit } = owner
    for (let attempt = 0; attempt < createAttempts; attempt++) {
      const [row] = await db
        .select({ highest: max(wallets.walletIndex) })
        .from(wallets)
        .where(and(eq(wallets.userId, userId), eq(wallets.chainType, chainType)))
      const walletIndex = row?.highest === null || row?.highest === undefined ? 0 : row.highest + 1
      if (walletIndex >= limit) {
        throw new LoginError('cannot_link_more_of_type', {
          message: `Your account already has ${limit} ${chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallets, the most this server allows. Use one of them.`,
        })
      }
      try {
        return await insertWallet(db, vault, { userId, chainType, walletIndex })
      } catch (error) {
        // Another replica took this index a moment ago: look again. Anything else is not ours to hide.
        if (!isUniqueViolation(error, 'wallets_user_chain_index')) throw error
      }
    }
    throw new LoginError('embedded_wallet_already_exists', {
      message:
        'Other wallets were being made for your account at the same moment, so this one was not. Try again.',
    })
  }

  return (owner: { userId: string; chainType: ChainType; limit: number }): Promise<WalletRow> =>
    inTurn(owner.userId, () => createNext(owner))
}

/**
 * Finds a user's wallet by id. Wallet rows never change but for a master-key rewrap, and the vault opens the
 * old wrapping as long as the old key is configured, so rows are kept in memory after their first read.
 */
export function walletFinder(db: Db, capacity = 10_000) {
  const cache = new Map<string, WalletRow>()
  const byId = db
    .select()
    .from(wallets)
    .where(eq(wallets.id, sql.placeholder('id')))
    .prepare('wallet_by_id')
  return async (userId: string, walletId: string): Promise<WalletRow> => {
    let row = cache.get(walletId)
    // Wallet ids are UUIDs: anything else (a NUL, a path) is a wallet that does not exist, not a query to run.
    if (!row && isUuid(walletId)) {
      ;[row] = await byId.execute({ id: walletId })
      if (row) {
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string)
        cache.set(walletId, row)
      }
    }
    // Another user's wallet answers exactly like a wallet that does not exist.
    if (!row || row.userId !== userId) {
      throw new LoginError('embedded_wallet_not_found', {
        message: 'There is no such wallet in your account.',
      })
    }
    return row
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string): boolean => uuidPattern.test(value)

/** Wallets wrapped by a master key the vault lacks: they cannot sign or export until it is configured. */
export async function countUnopenableWallets(db: Db, vault: KeyVault): Promise<number> {
  const rows = await db
    .select({ masterKeyId: wallets.masterKeyId, count: count() })
    .from(wallets)
    .groupBy(wallets.masterKeyId)
  return rows.filter((row) => !vault.hasMasterKey(row.masterKeyId)).reduce((sum, row) => sum + row.count, 0)
}
