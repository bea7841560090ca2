import type { EmbeddedWalletAccount } from '@charter/core'
import { toUnixSeconds } from '@charter/core'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { wallets } from '../db/schema.ts'

/** A wallet as the database keeps it. */
export type WalletRow = typeof wallets.$inferSelect

/** A user's wallets, by chain and then in the order they were made. */
export async function listWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return db
    .select()
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.chainType), asc(wallets.walletIndex))
}

/** A wallet as a linked account in Privy's shape. */
export function toLinkedAccount(row: WalletRow): EmbeddedWalletAccount {
  const made = toUnixSeconds(row.createdAt)
  return {
    type: 'wallet',
    id: row.id,
    address: row.address,
    chain_type: row.chainType,
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    wallet_index: row.walletIndex,
    imported: false,
    delegated: false,
    recovery_method: 'privy-v2',
    // Privy's wallet accounts carry these, and its server library reads them as dates.
    verified_at: made,
    first_verified_at: made,
    latest_verified_at: made,
    ...(row.chainType === 'solana' ? { public_key: row.address } : {}),
  }
}
