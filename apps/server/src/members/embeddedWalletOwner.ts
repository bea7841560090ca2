import { and, eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../db/Database.ts'
import { wallets } from '../db/schema.ts'
import type { WalletIdentity } from './users.ts'

/**
 * The member whose Charter-embedded wallet is at the identity's address, or undefined when Charter keeps no
 * wallet there. An embedded wallet is never also an outside wallet: whoever held its exported key (or got it
 * to sign) could otherwise make it a way into another account. Embedded EVM addresses are kept checksummed,
 * so the address is looked up in that spelling, on the unique index.
 */
export async function embeddedWalletOwner(db: Db, identity: WalletIdentity): Promise<string | undefined> {
  const address = identity.chainType === 'ethereum' ? getAddress(identity.address) : identity.address
  const [row] = await db
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(and(eq(wallets.address, address), eq(wallets.chainType, identity.chainType)))
  return row?.userId
}
