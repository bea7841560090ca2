import { type CharterUser, LoginError, maskPhoneNumber } from '@charter/core'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { isUniqueViolation } from '../db/isUniqueViolation.ts'
import { identities, users } from '../db/schema.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import type { Logger } from '../log/logger.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import type { CodeCaller } from '../members/codeFlows.ts'
import { revokeUserSessions } from '../members/sessions.ts'
import { addIdentity, type CodeIdentityKind, findUserIdByIdentity } from '../members/users.ts'
import type { Channel } from './channels.ts'
import type { CodeDelivery } from './codeDelivery.ts'
import type { Channels, StepUp } from './stepUp.ts'

const kindWords = { phone: 'phone number', email: 'email address' } as const
const shown = (kind: CodeIdentityKind, address: string) =>
  kind === 'phone' ? maskPhoneNumber(address) : address
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

function linkedToAnother(kind: CodeIdentityKind) {
  return new LoginError('linked_to_another_user', {
    message: `This ${kindWords[kind]} belongs to another account. Sign in with it there, or use a different one.`,
  })
}

/**
 * Adding and changing the addresses a member signs in with. Both give someone a new way into the account, so
 * both are step-up actions (the routes check the device key), the account's addresses are told, and exports
 * wait a while; a change also needs a code to an address the account already had, and ends every other session.
 */
export function accountChanges(options: {
  db: Db
  codes: CodeDelivery
  stepUp: StepUp
  channels: Channels
  loadUser: (userId: string) => Promise<CharterUser>
  exportCooldownHours: number
  logger: Logger
}) {
  const { db, codes, channels, logger } = options
  const cooldownMs = options.exportCooldownHours * 3_600_000
  const pausedWords =
    options.exportCooldownHours > 0
      ? ` Exporting wallet keys is paused for ${options.exportCooldownHours} hours.`
      : ''
  const notYou =
    "If you did not do this, someone else may control your account: sign in, choose Sign out everywhere, and tell your organisation's administrator at once."

  /** Tells a member about a change of their account; a failed notice is logged and never undoes the change. */
  async function tell(
    channel: Channel | undefined,
    address: string,
    notice: { subject: string; text: string },
  ) {
    if (!channel) return
    try {
      await channel.sendNotice(address, notice)
    } catch (error) {
      logger.warn('Could not send an account notice', { channel: channel.kind, error: String(error) })
    }
  }

  /** The account's phone number and email address, which notices reach; a wallet is sent nothing. */
  async function addressesOf(userId: string) {
    const rows = await db.select().from(identities).where(eq(identities.userId, userId))
    return rows.flatMap((row) => (row.kind === 'wallet' ? [] : [{ kind: row.kind, address: row.value }]))
  }

  return {
    /** Adds a phone number or email address to the account, proven by the code sent to it. */
    async link(input: {
      channel: Channel
      userId: string
      address: string
      code: string
      client: CodeCaller
    }) {
      const { channel, userId } = input
      const address = channel.normalize(input.address)
      await codes.check({
        destination: `${channel.kind}:${address}`,
        code: input.code,
        client: input.client,
        sentTo: { channel, address },
      })
      const owner = await findUserIdByIdentity(db, { kind: channel.kind, address })
      if (owner === userId) return options.loadUser(userId)
      if (owner) throw linkedToAnother(channel.kind)
      const before = await addressesOf(userId)
      if (before.some((each) => each.kind === channel.kind)) {
        throw new LoginError('cannot_link_more_of_type', {
          message: `Your account already has ${channel.kind === 'phone' ? 'a phone number' : 'an email address'}. Change it instead of adding another.`,
        })
      }
      const now = new Date()
      try {
        await db.transaction(async (tx) => {
          await addIdentity(tx, userId, { kind: channel.kind, address }, now)
          await tx.update(users).set({ signInChangedAt: now }).where(eq(users.id, userId))
        })
      } catch (error) {
        // The unique indexes decide a race: either someone else took the address or a second one was linked.
        // Anything else is no race, and is not worded as one.
        if (!isUniqueViolation(error)) throw error
        const winner = await findUserIdByIdentity(db, { kind: channel.kind, address })
        if (winner !== userId) throw linkedToAnother(channel.kind)
        return options.loadUser(userId)
      }
      await recordAccountEvent(db, {
        userId,
        kind: 'address_added',
        summary: `Added the ${kindWords[channel.kind]} ${shown(channel.kind, address)}`,
      })
      for (const each of before) {
        await tell(channels[each.kind], each.address, {
          subject: `A ${kindWords[channel.kind]} was added to your Charter account`,
          text: `The ${kindWords[channel.kind]} ${shown(channel.kind, address)} was added to your Charter account on ${when(now)}, and can now sign in to it.${pausedWords} ${notYou}`,
        })
      }
      return options.loadUser(userId)
    },

    /**
     * Replaces a sign-in address, proven by a code to the new one (`code`) and a step-up code to an address the
     * account already has (`stepUpCode`).
     */
    async update(input: {
      channel: Channel
      userId: string
      sessionId: string
      oldAddress: string
      newAddress: string
      code: string
      stepUpCode: string | undefined
      client: CodeCaller
    }) {
      const { channel, userId } = input
      const kind = channel.kind
      const oldAddress = channel.normalize(input.oldAddress)
      if ((await findUserIdByIdentity(db, { kind, address: oldAddress })) !== userId) {
        throw new LoginError('invalid_data', {
          message: `${kind === 'phone' ? 'The old phone number' : 'The old email address'} is not linked to your account.`,
        })
      }
      const newAddress = channel.normalize(input.newAddress)
      if (input.stepUpCode === undefined) {
        throw new LoginError('missing_or_invalid_mfa', {
          message: `Changing your ${kindWords[kind]} needs a code sent to an address your account already has: ask for it with POST /api/v1/step_up/init {"action": "update_${kind}"} and send it as step_up_code.`,
        })
      }
      // Both codes are checked before either is used up, so a mistyped one costs the member only a retry, and
      // each refusal names its code.
      const stepUp = {
        sessionId: input.sessionId,
        action: kind === 'phone' ? ('update_phone' as const) : ('update_email' as const),
        code: input.stepUpCode,
        client: input.client,
      }
      const newCode = {
        destination: `${kind}:${newAddress}`,
        code: input.code,
        client: input.client,
        sentTo: { channel, address: newAddress },
        noun: `The code sent to the new ${kindWords[kind]}`,
      }
      await options.stepUp.checkStepUpCode({ ...stepUp, consume: false })
      await codes.check({ ...newCode, consume: false })
      await options.stepUp.checkStepUpCode(stepUp)
      await codes.check(newCode)
      const owner = await findUserIdByIdentity(db, { kind, address: newAddress })
      if (owner === userId) return options.loadUser(userId)
      if (owner) throw linkedToAnother(kind)
      const now = new Date()
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(identities)
            .set({ value: newAddress, firstVerifiedAt: now, latestVerifiedAt: now })
            .where(
              and(eq(identities.userId, userId), eq(identities.kind, kind), eq(identities.value, oldAddress)),
            )
          await tx.update(users).set({ signInChangedAt: now }).where(eq(users.id, userId))
        })
      } catch (cause) {
        throw new LoginError('linked_to_another_user', {
          message: 'This address was just linked to another account.',
          cause,
        })
      }
      await revokeUserSessions(db, userId, { except: input.sessionId, reason: 'address_changed' }, now)
      await recordAccountEvent(db, {
        userId,
        kind: 'address_changed',
        summary: `Changed the sign-in ${kindWords[kind]} from ${shown(kind, oldAddress)} to ${shown(kind, newAddress)}; other devices were signed out`,
      })
      await tell(channel, oldAddress, {
        subject: `Your Charter sign-in ${kindWords[kind]} was changed`,
        text: `The sign-in ${kindWords[kind]} of your Charter account was changed from ${shown(kind, oldAddress)} to ${shown(kind, newAddress)} on ${when(now)}. Every other device was signed out.${pausedWords} ${notYou}`,
      })
      return options.loadUser(userId)
    },

    /** Refuses an export while the account's sign-in addresses changed too recently, saying when it opens. */
    async assertExportAllowed(userId: string, now = new Date()): Promise<void> {
      if (cooldownMs === 0) return
      const [row] = await db
        .select({ changedAt: users.signInChangedAt })
        .from(users)
        .where(eq(users.id, userId))
      const changedAt = row?.changedAt
      if (!changedAt) return
      const opensAt = changedAt.getTime() + cooldownMs
      if (opensAt <= now.getTime()) return
      const wait = (opensAt - now.getTime()) / 1000
      throw new TooManyRequestsError(
        `Exporting wallet keys is paused until ${when(new Date(opensAt))} (in ${waitInWords(wait)}), because a sign-in address of your account changed on ${when(changedAt)}. This gives you time to notice if someone else made that change. ${notYou}`,
        wait,
      )
    },
  }
}
