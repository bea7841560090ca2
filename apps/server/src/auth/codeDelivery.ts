import type { Db } from '../db/Database.ts'
import type { Channel } from './channels.ts'
import type { CodePurpose } from './codeMessages.ts'
import { consumeOneTimeCode, newOneTimeCode, oneTimeCodeRules, storeOneTimeCode } from './oneTimeCodes.ts'
import { consumeRateLimit, type RateLimitRule, refundRateLimit, resetRateLimit } from './rateLimit.ts'
import { TooManyRequestsError, waitInWords } from './TooManyRequestsError.ts'

export type SignInLimits = {
  /** Codes sent to one phone number or email address. */
  perDestination: RateLimitRule[]
  /** Codes sent to anyone from one client address. */
  sendsPerClient: RateLimitRule
  /** Codes tried from one client address, across all destinations. */
  triesPerClient: RateLimitRule
}

export const defaultSignInLimits = (perClientPerHour: number): SignInLimits => ({
  perDestination: [
    { limit: 1, windowSeconds: 30 },
    { limit: 5, windowSeconds: 3600 },
  ],
  sendsPerClient: { limit: perClientPerHour, windowSeconds: 3600 },
  triesPerClient: { limit: perClientPerHour * 5, windowSeconds: 3600 },
})

/** A code's recipient: the channel and address it goes to, and what it is for. */
export type CodeRecipient = {
  channel: Channel
  /** Already normalised by the channel. */
  address: string
  /** What the code is good for: `phone:+14155552671` to sign in there, `step-up:<session>:<action>` for a step-up. */
  destination: string
  purpose: CodePurpose
}

const addressKey = (channel: Channel, address: string) => `${channel.kind}:${address}`

/**
 * Sending and checking one-time codes under the throttling rules. The order protects the people codes go to:
 * the client's own allowance is checked before anything counts against the address; the address is charged only
 * for a code that actually went out; and the code it already had stays good until its successor has gone out.
 */
export function codeDelivery(options: { db: Db; secret: string; limits: SignInLimits }) {
  const { db, secret, limits } = options
  const [shortestWindow] = [...limits.perDestination].sort((a, b) => a.windowSeconds - b.windowSeconds)

  async function throttle(key: string, rule: RateLimitRule, what: string) {
    const verdict = await consumeRateLimit(db, key, rule)
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `${what} Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      )
    }
  }

  return {
    /** Sends a fresh code to the recipient; answers when it expires. */
    async send(recipient: CodeRecipient, client: string): Promise<{ expiresAt: Date }> {
      await throttle(
        `send-client:${client}`,
        limits.sendsPerClient,
        'Too many codes were asked for from here.',
      )
      const charged: [string, RateLimitRule][] = []
      try {
        for (const rule of limits.perDestination) {
          const key = `send:${addressKey(recipient.channel, recipient.address)}:${rule.windowSeconds}`
          charged.push([key, rule])
          await throttle(key, rule, 'A code was sent here a moment ago.')
        }
        const sent = newOneTimeCode()
        await recipient.channel.sendCode(
          recipient.address,
          sent.code,
          recipient.purpose,
          oneTimeCodeRules.lifetimeMinutes,
        )
        await storeOneTimeCode(db, secret, recipient.destination, sent)
        return { expiresAt: sent.expiresAt }
      } catch (error) {
        for (const [key, rule] of charged) await refundRateLimit(db, key, rule)
        throw error
      }
    },

    /**
     * Checks a code for `destination` and uses it up. Once it reached its owner, a new code may follow at once
     * (say, to sign in right after linking), though the hourly cap still counts.
     */
    async check(input: {
      destination: string
      code: string
      client: string
      /** Where the code went, when it was to an address of its own (a sign-in code). */
      sentTo?: { channel: Channel; address: string }
      /** false: a right code is left for a later use (a step that needs two codes checks both first). */
      consume?: boolean
      /** What the person calls the code, when it is not the one they just asked for ("The confirmation code"). */
      noun?: string
    }) {
      await throttle(
        `try-client:${input.client}`,
        limits.triesPerClient,
        'Too many codes were tried from here.',
      )
      await consumeOneTimeCode(db, secret, input.destination, input.code, {
        resendWindowSeconds: shortestWindow?.windowSeconds,
        ...(input.consume === false && { consume: false }),
        ...(input.noun !== undefined && { noun: input.noun }),
      })
      if (input.consume === false) return
      if (shortestWindow && input.sentTo) {
        const { channel, address } = input.sentTo
        await resetRateLimit(db, `send:${addressKey(channel, address)}:${shortestWindow.windowSeconds}`)
      }
    },
  }
}

export type CodeDelivery = ReturnType<typeof codeDelivery>
