import { randomUUID } from 'node:crypto'
import { LoginError } from '@charter/core'
import { and, count, eq, max } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { wallets } from '../db/schema.ts'
import type { WalletRow } from '../members/walletAccounts.ts'
import type { KeyVault } from './KeyVault.ts'
import { type ChainType, generateWalletKey } from './walletKeys.ts'

/** Makes a key, seals it and stores the wallet; the plain key is wiped before this returns. */
export async function insertWallet(
  db: Db,
  vault: KeyVault,
  owner: { userId: string; chainType: ChainType; walletIndex: number },
): Promise<WalletRow> {
  const id = randomUUID()
  const { privateKey, address } = generateWalletKey(owner.chainType)
  try {
    const sealed = vault.seal(privateKey, { walletId: id, userId: owner.userId })
    const [row] = await db
      .insert(wallets)
      .values({
        id,
        userId: owner.userId,
        chainType: owner.chainType,
        walletIndex: owner.walletIndex,
        address,
        sealedKey: sealed.ciphertext,
        wrappedDataKey: sealed.wrappedDataKey,
        masterKeyId: sealed.masterKeyId,
      })
      .returning()
    if (!row) throw new Error('the wallet row was not written')
    return row
  } finally {
    privateKey.fill(0)
  }
}

/** Runs in the transaction that creates the user: an EVM and a Solana wallet, index 0 each. */
export const createFirstWallets = (vault: KeyVault) => async (tx: Db, userId: string) => {
  await insertWallet(tx, vault, { userId, chainType: 'ethereum', walletIndex: 0 })
  await insertWallet(tx, vault, { userId, chainType: 'solana', walletIndex: 0 })
}

/**
 * The user's next wallet of a chain type, while it has fewer than `limit`. Two at once both find the same index;
 * the unique index makes one retry. Indexes have no gaps, so the index bound is the cap, races included.
 */
export async function createNextWallet(
  db: Db,
  vault: KeyVault,
  owner: { userId: string; chainType: ChainType; limit: number },
) {
  const { userId, chainType, limit } = owner
  for (let attempt = 0; attempt < 5; attempt++) {
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
      if (attempt === 4) throw error
    }
  }
  throw new LoginError('unknown_auth_error')
}

/**
 * Finds a user's wallet by id. Wallet rows never change but for a master-key rewrap, and the vault opens the
 * old wrapping as long as the old key is configured, so rows are kept in memory after their first read.
 */
export function walletFinder(db: Db, capacity = 10_000) {
  const cache = new Map<string, WalletRow>()
  return async (userId: string, walletId: string): Promise<WalletRow> => {
    let row = cache.get(walletId)
    // Wallet ids are UUIDs: anything else (a NUL, a path) is a wallet that does not exist, not a query to run.
    if (!row && isUuid(walletId)) {
      ;[row] = await db.select().from(wallets).where(eq(wallets.id, walletId))
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
