import { oneTimeCodeRules } from '@charter/core'
import type { Db } from '../db/Database.ts'
import {
  consumeRateLimit,
  consumeRateLimitsInStages,
  type RateLimitCharge,
  type RateLimitRule,
  type RateLimitVerdict,
  refundRateLimits,
} from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import type { CodeCaller } from '../members/codeFlows.ts'
import { sha256Hex } from '../members/digests.ts'
import type { Channel } from './channels.ts'
import type { CodeChallenges } from './codeChallenges.ts'
import type { CodePurpose } from './codeMessages.ts'
import { consumeOneTimeCode, newOneTimeCode, storeOneTimeCode } from './oneTimeCodes.ts'

export type SignInLimits = {
  /**
   * Codes sent to one phone number or email address without a question (a step-up code: to one session).
   * Past it, the next client must solve a proof-of-work challenge first (`codeChallenges.ts`).
   */
  perDestination: RateLimitRule[]
  /** Codes sent to one phone number or email address at all, challenges solved or not: what bounds SMS costs. */
  perAddressCap: RateLimitRule
  /** Codes sent to anyone from one client address. */
  sendsPerClient: RateLimitRule
  /** Codes tried from one client address, across all destinations. */
  triesPerClient: RateLimitRule
  /** Passkey sign-ins started from one client address (each writes a challenge; auth/passkeySignInRoutes.ts). */
  passkeySignInsPerClient: RateLimitRule
}

export const defaultSignInLimits = (perClientPerHour: number): SignInLimits => ({
  perDestination: [
    { limit: 1, windowSeconds: oneTimeCodeRules.resendWaitSeconds },
    { limit: 5, windowSeconds: 3600 },
  ],
  // Ten times the allowance: a member whose address is flooded still gets codes, and no number can be sent
  // more than 50 SMS an hour whatever is solved.
  perAddressCap: { limit: 50, windowSeconds: 3600 },
  sendsPerClient: { limit: perClientPerHour, windowSeconds: 3600 },
  triesPerClient: { limit: perClientPerHour * 5, windowSeconds: 3600 },
  // A sign-in page at a host name starts one for the address field's suggestions on every view: twice the codes'
  // allowance, at least 60, in ten minutes.
  passkeySignInsPerClient: { limit: Math.max(60, perClientPerHour * 2), windowSeconds: 600 },
})

/** A code's recipient: the channel and address it goes to, and what it is for. */
export type CodeRecipient = {
  channel: Channel
  /** Already normalised by the channel. */
  address: string
  /** What the code is good for: `phone:+14155552671` to sign in there, `step-up:<session>:<action>` for a step-up. */
  destination: string
  purpose: CodePurpose
  /**
   * The session that asked, for a step-up code: its allowance is that session's own (and the asking flow's),
   * so nobody else can use it up, and spending it is a plain wait. Without one, the allowance is the address's, and past it a challenge.
   */
  askedBy?: string
}

const addressKey = (channel: Channel, address: string) => `${channel.kind}:${address}`

const capWords = 'This address has been sent as many codes as it may get for now.'

/** Refuses with `what` and the wait, unless the verdict allowed the request. */
function refuseIfSpent(verdict: RateLimitVerdict | undefined, what: string) {
  if (verdict && !verdict.allowed) {
    throw new TooManyRequestsError(
      `${what} Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
      verdict.retryAfterSeconds,
    )
  }
}

/**
 * Sending and checking one-time codes under the throttling rules. The order protects the people codes go to:
 * the client's own allowance is checked before anything counts against the address; past the address's
 * allowance a client must prove work rather than be refused, so a flooder cannot lock its owner out; the
 * address is charged only for a code that actually went out; and the code a flow already had stays good until
 * its successor has gone out. Codes are the asking flow's own (`http/codeFlows.ts`).
 */
export function codeDelivery(options: {
  db: Db
  secret: string
  limits: SignInLimits
  challenges: CodeChallenges
}) {
  const { db, secret, limits, challenges } = options
  const [shortestWindow] = [...limits.perDestination].sort((a, b) => a.windowSeconds - b.windowSeconds)

  async function throttle(key: string, rule: RateLimitRule, what: string) {
    refuseIfSpent(await consumeRateLimit(db, key, rule), what)
  }

  return {
    /**
     * Sends a fresh code to the recipient, good for the asking flow; answers when it expires. `proof` is a
     * solved challenge, needed only once the address has had its allowance.
     */
    async send(recipient: CodeRecipient, client: CodeCaller, proof?: string): Promise<{ expiresAt: Date }> {
      const address = addressKey(recipient.channel, recipient.address)
      // A session's allowance is per flow too: a thief holding the session token cannot spend the member's.
      const allowance =
        recipient.askedBy === undefined
          ? address
          : `session:${recipient.askedBy}:${sha256Hex(client.tries).slice(0, 32)}`
      const forClient: RateLimitCharge = { key: `send-client:${client.address}`, rule: limits.sendsPerClient }
      const perAllowance: RateLimitCharge[] = limits.perDestination.map((rule) => ({
        key: `send:${allowance}:${rule.windowSeconds}`,
        rule,
      }))
      const cap: RateLimitCharge = { key: `send-cap:${address}`, rule: limits.perAddressCap }
      // One statement, in stages: the client's own allowance first, so a client past it counts nothing against
      // the address, not even for a moment (a flood of concurrent refusals would otherwise keep the address's
      // counts up meanwhile); then the allowance's windows together; then, only if they let this send through,
      // the address's cap.
      const [clientVerdicts, allowanceVerdicts = [], capVerdicts] = await consumeRateLimitsInStages(db, [
        [forClient],
        perAllowance,
        [cap],
      ])
      refuseIfSpent(clientVerdicts?.[0], 'Too many codes were asked for from here.')
      let charged = capVerdicts ? [...perAllowance, cap] : perAllowance
      const refund = async () => {
        const taken = charged
        charged = []
        await refundRateLimits(db, taken)
      }
      try {
        // The longest wait any of the allowance's windows asks for; 0 while none is spent.
        const spentFor = Math.max(
          0,
          ...allowanceVerdicts.map((verdict) => (verdict.allowed ? 0 : verdict.retryAfterSeconds)),
        )
        if (spentFor > 0) {
          if (recipient.askedBy !== undefined) {
            throw new TooManyRequestsError(
              `A code was sent for this a moment ago, or several this hour. Try again in ${waitInWords(spentFor)}.`,
              spentFor,
            )
          }
          // Past the allowance the send is the proof's, not the allowance's: nothing stays charged to it.
          await refund()
          if (proof === undefined) {
            await challenges.require(
              'Many codes were asked for this address lately. Your browser or app must complete a short check first: solve the challenge and send the solution as token.',
            )
          } else await challenges.redeem(proof)
          // The address's cap is charged only once the proof let this send through.
          charged = [cap]
          await throttle(cap.key, cap.rule, capWords)
        } else refuseIfSpent(capVerdicts?.[0], capWords)
        const sent = newOneTimeCode()
        await recipient.channel.sendCode(
          recipient.address,
          sent.code,
          recipient.purpose,
          oneTimeCodeRules.lifetimeMinutes,
        )
        await storeOneTimeCode(db, secret, recipient.destination, client.sendsTo, sent)
        return { expiresAt: sent.expiresAt }
      } catch (error) {
        await refund()
        throw error
      }
    },

    /**
     * Checks the caller's flow's code for `destination` and uses it up. Once it reached its owner, a new code
     * may follow at once (say, to sign in right after linking), though the hourly allowance still counts.
     */
    async check(input: {
      destination: string
      code: string
      client: CodeCaller
      /** Where the code went, when it was to an address of its own (a sign-in code). */
      sentTo?: { channel: Channel; address: string }
      /** false: a right code is left for a later use (a step that needs two codes checks both first). */
      consume?: boolean
      /** What the person calls the code, when it is not the one they just asked for ("The confirmation code"). */
      noun?: string
    }) {
      const sentTo = input.consume === false ? undefined : input.sentTo
      await consumeOneTimeCode(db, secret, input.destination, input.client.tries, input.code, {
        // The client's tries first, in the code's own statement: past them, nothing of the code is looked at.
        countFirst: {
          charge: { key: `try-client:${input.client.address}`, rule: limits.triesPerClient },
          refuse: (verdict) => refuseIfSpent(verdict, 'Too many codes were tried from here.'),
        },
        resendWindowSeconds: shortestWindow?.windowSeconds,
        ...(input.consume === false && { consume: false }),
        ...(input.noun !== undefined && { noun: input.noun }),
        // Used up with the code, in one statement: the wait before the next code ends with it.
        ...(shortestWindow &&
          sentTo && {
            forgetOnUse: [
              `send:${addressKey(sentTo.channel, sentTo.address)}:${shortestWindow.windowSeconds}`,
            ],
          }),
      })
    },
  }
}

export type CodeDelivery = ReturnType<typeof codeDelivery>
