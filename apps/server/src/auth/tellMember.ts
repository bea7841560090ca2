import { eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { identities } from '../db/schema.ts'
import type { Logger } from '../log/logger.ts'
import type { IdentityKind } from '../members/users.ts'
import type { Notice } from './channels.ts'
import type { Channels } from './stepUp.ts'

/** Tells a member something through every sign-in address they have, or every one but `except`. */
export type TellMember = (
  userId: string,
  notice: Notice,
  options?: { except?: IdentityKind },
) => Promise<void>

/**
 * Notices go out through the same senders as codes. A notice that fails is logged and never undoes what it
 * tells of: the member also sees it on the Security page.
 */
export function tellMember(options: { db: Db; channels: Channels; logger: Logger }): TellMember {
  const { db, channels, logger } = options
  return async (userId, notice, { except } = {}) => {
    const addresses = await db.select().from(identities).where(eq(identities.userId, userId))
    for (const address of addresses) {
      // A wallet is a way in that no message reaches.
      if (address.kind === 'wallet' || address.kind === except) continue
      const channel = channels[address.kind]
      if (!channel) continue
      try {
        await channel.sendNotice(address.value, notice)
      } catch (error) {
        logger.warn('Could not send an account notice', { channel: channel.kind, error: String(error) })
      }
    }
  }
}
