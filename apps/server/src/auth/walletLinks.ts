import { type CharterUser, LoginError, type WalletChainType } from '@charter/core'
import { and, eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../db/Database.ts'
import { identities, users } from '../db/schema.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import { embeddedWalletOwner } from '../members/embeddedWalletOwner.ts'
import {
  addIdentity,
  findUserIdByIdentity,
  markIdentityVerified,
  type WalletClient,
  type WalletIdentity,
} from '../members/users.ts'
import { embeddedWalletRefused } from './embeddedWalletRefused.ts'
import type { TellMember } from './tellMember.ts'

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

const linkedToAnother = () =>
  new LoginError('linked_to_another_user', {
    message:
      'This wallet is already linked to another Charter account. Sign in with it there, or unlink it from that account first.',
  })

/** The wallet as a member reads it: checksummed on Ethereum. */
const shown = (identity: WalletIdentity) =>
  identity.chainType === 'ethereum' ? getAddress(identity.address) : identity.address

/**
 * Linking a wallet the member proved they hold (its signed message, checked by the caller) to their account,
 * and unlinking it. A wallet is one account's; the last way to sign in is never unlinked.
 */
export function walletLinks({
  db,
  loadUser,
  tell,
}: {
  db: Db
  loadUser: (userId: string) => Promise<CharterUser>
  tell: TellMember
}) {
  return {
    async linkWallet(input: {
      userId: string
      identity: WalletIdentity & WalletClient
    }): Promise<CharterUser> {
      const { userId, identity } = input
      const keptBy = await embeddedWalletOwner(db, identity)
      if (keptBy) throw embeddedWalletRefused(keptBy, userId)
      const owner = await findUserIdByIdentity(db, identity)
      if (owner === userId) {
        await markIdentityVerified(db, identity)
        return loadUser(userId)
      }
      if (owner) throw linkedToAnother()
      const now = new Date()
      try {
        await db.transaction(async (tx) => {
          await addIdentity(tx, userId, identity, now)
          await tx.update(users).set({ signInChangedAt: now }).where(eq(users.id, userId))
        })
      } catch (error) {
        // The unique index decides a race: another account took the wallet meanwhile, or this one did.
        const winner = await findUserIdByIdentity(db, identity)
        if (winner === undefined) throw error
        if (winner !== userId) throw linkedToAnother()
        return loadUser(userId)
      }
      const named = `${identity.chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallet ${shown(identity)}`
      await recordAccountEvent(db, { userId, kind: 'address_added', summary: `Linked the ${named}` })
      // A new way in: the member's phone and email hear of it, as of an added address.
      await tell(userId, {
        subject: 'A wallet was linked to your Charter account',
        text: `The ${named} was linked to your Charter account on ${when(now)}, and can now sign in to it. If this was not you, sign in on a device you trust, unlink the wallet, choose Sign out everywhere on the Security page, and tell your organisation's administrator.`,
      })
      return loadUser(userId)
    },

    /**
     * Unlinks a wallet from the account, unless it is the account's last way to sign in. The user's row is locked
     * while the ways are counted, so two unlinks at once cannot leave the account with none.
     */
    async unlinkWallet(input: { userId: string; chainType: WalletChainType; address: string }) {
      const { userId, chainType } = input
      const value = chainType === 'ethereum' ? input.address.toLowerCase() : input.address
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const ways = await tx.select().from(identities).where(eq(identities.userId, userId))
        const wallet = ways.find(
          (row) => row.kind === 'wallet' && row.chainType === chainType && row.value === value,
        )
        if (!wallet) {
          throw new LoginError('invalid_data', { message: 'That wallet is not linked to your account.' })
        }
        if (ways.length === 1) {
          throw new LoginError('invalid_data', {
            message:
              'This wallet is the last way to sign in to your account, so it cannot be unlinked. Link a phone number, an email address or another wallet first.',
          })
        }
        await tx.delete(identities).where(and(eq(identities.id, wallet.id), eq(identities.userId, userId)))
        const named = `${chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallet ${chainType === 'ethereum' ? getAddress(value) : value}`
        await recordAccountEvent(tx, { userId, kind: 'address_removed', summary: `Unlinked the ${named}` })
      })
      return loadUser(userId)
    },
  }
}
