import { randomBytes } from 'node:crypto'
import { LoginError } from '@charter/core'
import type { Db } from '../db/Database.ts'
import { consumeRateLimitsInStages, type RateLimitRule, type RateLimitVerdict } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import type { Logger } from '../log/logger.ts'
import { sha256Hex } from '../members/digests.ts'
import { OrganizationError } from './OrganizationError.ts'
import type { InvitedAddress } from './organizationStore.ts'

/** How long an invitation's link works: a week from when it was (last) sent. */
export const invitationLifetimeDays = 7

/**
 * How many invitations may be sent, each in a fixed window, counted in the database as sign-in codes are
 * (`http/rateLimit.ts`): per client address (the very allowance sign-in codes count against, so codes and
 * invitations share one budget per client), per inviter, per organisation, per address within one organisation,
 * and per address across every organisation, so that nobody can pump texts to a number by inviting it from many
 * organisations; and the texts the whole server sends in a day, whoever asks.
 */
export type InvitationLimits = {
  /** The sign-in codes' `sendsPerClient`, counted under the same key (`send-client:<address>`). */
  perClient: RateLimitRule
  perInviter: RateLimitRule
  perOrganization: RateLimitRule
  perAddressInOrganization: RateLimitRule
  perAddress: RateLimitRule
  /** Invitation texts (SMS, not emails) from the whole server: INVITATION_TEXTS_PER_DAY. */
  textsPerDay: RateLimitRule
}

export const defaultInvitationLimits: InvitationLimits = {
  // CODES_PER_CLIENT_PER_HOUR's default; the composition root hands in the sign-in codes' own rule.
  perClient: { limit: 30, windowSeconds: 3600 },
  perInviter: { limit: 30, windowSeconds: 3600 },
  perOrganization: { limit: 60, windowSeconds: 3600 },
  // An invitation and two resends a day to one address from one organisation.
  perAddressInOrganization: { limit: 3, windowSeconds: 86_400 },
  perAddress: { limit: 5, windowSeconds: 86_400 },
  textsPerDay: { limit: 500, windowSeconds: 86_400 },
}

/**
 * What an invitation needs of a way to reach an address: the sign-in channel's (auth/channels.ts), which the
 * composition root hands in, so that texts go only to the countries sign-in codes go to.
 */
export type InvitationChannel = {
  /** The canonical address, or a LoginError `not_supported` for a country this server sends no texts to. */
  normalize: (input: string) => string
  sendNotice: (to: string, notice: { subject: string; text: string }) => Promise<void>
}

/** Where an invitation's text or email goes, where this server has a sender. */
export type InvitationChannels = {
  phone: InvitationChannel | undefined
  email: InvitationChannel | undefined
}

/** A fresh link token (256 random bits) and the digest that is all the database keeps of it. */
export function newLinkToken(): { token: string; digest: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, digest: linkDigest(token) }
}

export const linkDigest = (token: string) => sha256Hex(`invitation-link\n${token}`)

/** The address an invitation link is opened at: the page reads the token after `#`, which never reaches a server log. */
export const invitationLink = (origin: string, token: string) => `${origin}/organizations/invitation#${token}`

// What a text must not carry from what a member wrote: control and format characters (direction overrides such
// as U+202E among them, which make text read in another order than it is written) and line or paragraph separators.
const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu
// What a phone or mail app would make a link of: a scheme, `www.`, or a domain (a letter or digit, a dot, letters),
// full-width and ideographic dots too. An email address is one.
const linkLike = /\w+:\/\/|www[.．。｡]|[\p{L}\p{N}][.．。｡]\p{L}{2}/iu

/**
 * Text a member wrote, as it goes into a message from Charter's sender to someone else: on one line, nothing
 * hidden in it, not too long to read; undefined when it holds anything a phone would make a link of, so that
 * nobody can send a link (a phishing page) in Charter's name through an organisation's name or their own.
 */
export function quoted(text: string, max = 60): string | undefined {
  const flat = text.replace(/\s+/g, ' ').replace(hidden, '').replace(/\s+/g, ' ').trim()
  if (flat === '' || linkLike.test(flat)) return undefined
  return [...flat].length > max ? `${[...flat].slice(0, max - 1).join('')}…` : flat
}

const day = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The text and the email that carry an invitation's link. */
export function invitationMessage(input: {
  kind: InvitedAddress['kind']
  organizationName: string
  inviterLabel: string
  link: string
  expiresAt: Date
}) {
  const name = quoted(input.organizationName)
  // A name that would carry a link is left out, said plainly instead.
  const organization = name === undefined ? 'an organisation' : `“${name}”`
  const inviter = quoted(input.inviterLabel, 40) ?? 'A member'
  const until = `The link works until ${day(input.expiresAt)}.`
  return {
    subject: `${inviter} invited you to ${name ?? 'an organisation'} on Charter`,
    text: `${inviter} invited you to join ${organization} on Charter. Open ${input.link} to sign in with this ${input.kind === 'phone' ? 'number' : 'email address'} and accept or decline. ${until}`,
  }
}

const refusal = (verdicts: RateLimitVerdict[] | undefined, words: string[]) => {
  verdicts?.forEach((verdict, i) => {
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `${words[i]} Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      )
    }
  })
}

/**
 * Sending invitations: the throttle every send passes (the first one and each resend), and the sending itself
 * through the channel of the address's kind. A failed send is logged and answered as `failed`, never thrown:
 * the invitation stays saved, and the admin may resend it.
 */
export function invitationDelivery(options: {
  db: Db
  channels: InvitationChannels
  limits: InvitationLimits
  logger: Logger | undefined
}) {
  const { db, channels, limits, logger } = options
  return {
    /**
     * The phone number can be sent a text by this server (its country is one texts go to): refused with words
     * otherwise. An email address, or a server with no sender of that kind, passes.
     */
    checkReachable(address: InvitedAddress) {
      const channel = channels[address.kind]
      if (!channel) return
      try {
        channel.normalize(address.value)
      } catch (error) {
        if (error instanceof LoginError && error.code === 'not_supported') {
          throw new OrganizationError(
            'invalid_data',
            'phone_number: Charter does not send texts to numbers in that country: invite them by email instead.',
          )
        }
        throw error
      }
    },

    /**
     * Counts one send from `inviterId` of `organizationId`, asked from the client address `client`, to
     * `address`; 429 with the wait when any allowance is spent.
     */
    async throttle(inviterId: string, organizationId: string, address: InvitedAddress, client: string) {
      const to = `${address.kind}:${address.value}`
      // The client's allowance first (the codes' own key), then the inviter's and the organisation's: a caller
      // past theirs counts nothing against the address, so a flood from one admin cannot use up the address's
      // allowance for everyone else; the server's daily texts last, so only a text that goes out counts there.
      const [fromClient, senders, addresses, server] = await consumeRateLimitsInStages(db, [
        [{ key: `send-client:${client}`, rule: limits.perClient }],
        [
          { key: `invite-by:${inviterId}`, rule: limits.perInviter },
          { key: `invite-from:${organizationId}`, rule: limits.perOrganization },
        ],
        [
          { key: `invite-to:${organizationId}:${to}`, rule: limits.perAddressInOrganization },
          { key: `invite-to:${to}`, rule: limits.perAddress },
        ],
        address.kind === 'phone' ? [{ key: 'invite-texts', rule: limits.textsPerDay }] : [],
      ])
      refusal(fromClient, ['Too many codes and invitations were sent from here.'])
      refusal(senders, [
        'You have sent many invitations lately.',
        'This organisation has sent many invitations lately.',
      ])
      const noun = address.kind === 'phone' ? 'This phone number' : 'This email address'
      refusal(addresses, [
        `${noun} has been sent as many invitations from this organisation as it may get for now.`,
        `${noun} has been sent as many invitations as it may get for now.`,
      ])
      // Said to the member without the setting's name: it is the operator's business.
      refusal(server, [
        'Charter has sent as many invitation texts today as it may: invite them by email instead.',
      ])
    },

    /** Sends the invitation's text or email; how it went. */
    async send(
      address: InvitedAddress,
      message: { subject: string; text: string },
    ): Promise<'sent' | 'failed' | 'not_sent'> {
      const channel = channels[address.kind]
      if (!channel) return 'not_sent'
      try {
        await channel.sendNotice(address.value, message)
        return 'sent'
      } catch (error) {
        logger?.warn('Could not send an invitation', { channel: address.kind, error: String(error) })
        return 'failed'
      }
    },
  }
}

export type InvitationDelivery = ReturnType<typeof invitationDelivery>
