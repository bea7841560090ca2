import { type CharterUser, LoginError, PhoneNumberError, parsePhoneNumber } from '@charter/core'
import { base58 } from '@scure/base'
import { and, eq, sql } from 'drizzle-orm'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { users, walletActivity, wallets } from '../db/schema.ts'
import { findUserIdByIdentity, loadUser } from '../members/users.ts'

/** A user the server API was asked for and does not have: 404, as Privy's server library expects. */
export const noSuchUser = () =>
  new LoginError('user_does_not_exist', { message: 'There is no user with these details here.' })

const invalid = (message: string) => new LoginError('invalid_data', { message })

async function mustLoad(db: Db, userId: string | undefined): Promise<CharterUser> {
  const user = userId ? await loadUser(db, userId) : undefined
  if (!user) throw noSuchUser()
  return user
}

export const userById = (db: Db, userId: string) => mustLoad(db, userId)

const emailAddress = z.email()

/** By sign-in email address, in any case: Charter keeps them in lower case. */
export async function userByEmail(db: Db, address: string): Promise<CharterUser> {
  const normalized = address.trim().toLowerCase()
  if (!emailAddress.safeParse(normalized).success) {
    throw invalid('address: enter an email address like name@example.org.')
  }
  return mustLoad(db, await findUserIdByIdentity(db, { kind: 'email', address: normalized }))
}

/** By sign-in phone number, written any way that names one number: Charter keeps them in E.164. */
export async function userByPhoneNumber(db: Db, number: string): Promise<CharterUser> {
  let e164: string
  try {
    e164 = parsePhoneNumber(number).e164
  } catch (error) {
    if (error instanceof PhoneNumberError) throw invalid(`number: ${error.shortMessage}`)
    throw error
  }
  return mustLoad(db, await findUserIdByIdentity(db, { kind: 'phone', address: e164 }))
}

/** The address as Charter stores it: EVM checksummed (any case is accepted), Solana as its base58 key. */
function walletAddress(address: string): string {
  if (isAddress(address, { strict: false })) return getAddress(address)
  try {
    if (base58.decode(address).length === 32) return address
  } catch {
    // Not base58: neither kind of address.
  }
  throw invalid('address: send an Ethereum address (0x and 40 hex digits) or a Solana address (base58).')
}

/** By one of the user's embedded wallets. */
export async function userByWalletAddress(db: Db, address: string): Promise<CharterUser> {
  const [row] = await db
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(eq(wallets.address, walletAddress(address)))
  return mustLoad(db, row?.userId)
}

/** A wallet as the deletion answer reports it: whether its key ever left Charter in an export. */
export type DeletedWallet = {
  id: string
  address: string
  chain_type: 'ethereum' | 'solana'
  exported: boolean
}

/**
 * Deletes a user and everything that is theirs: sign-in addresses, sessions, account events, wallets with
 * their sealed keys and their activity (the tables' cascades). A key never exported exists nowhere else, so
 * deleting it loses the wallet and whatever it holds: unless `destroyUnexportedKeys`, a user with such a
 * wallet is not deleted, and the refusal says what to do. The user's row is locked first, so no wallet can
 * be added meanwhile.
 */
export async function deleteUser(
  db: Db,
  userId: string,
  { destroyUnexportedKeys }: { destroyUnexportedKeys: boolean },
): Promise<DeletedWallet[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if (!user) throw noSuchUser()
    const rows = await tx
      .select({
        id: wallets.id,
        address: wallets.address,
        chainType: wallets.chainType,
        exported: sql<boolean>`exists (select 1 from ${walletActivity} where ${and(
          eq(walletActivity.walletId, wallets.id),
          eq(walletActivity.kind, 'export'),
        )})`,
      })
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .orderBy(wallets.chainType, wallets.walletIndex)
    const owned = rows.map((row) => ({
      id: row.id,
      address: row.address,
      chain_type: row.chainType,
      exported: Boolean(row.exported),
    }))
    const unexported = owned.filter((wallet) => !wallet.exported).length
    if (unexported > 0 && !destroyUnexportedKeys) {
      throw new LoginError('not_supported', {
        message: `This user has ${unexported} ${unexported === 1 ? 'wallet whose key was' : 'wallets whose keys were'} never exported: this server holds the only copy, and deleting the user would destroy ${unexported === 1 ? 'it' : 'them'} with whatever ${unexported === 1 ? 'it holds' : 'they hold'}. Ask the member to export the keys first, or, to destroy them knowingly, send DELETE /api/v1/users/{id}?destroy_unexported_keys=true.`,
      })
    }
    await tx.delete(users).where(eq(users.id, userId))
    return owned
  })
}
