import canonicalize from 'canonicalize'
import { and, asc, desc, eq, isNull, lt, lte, or } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { heldActions } from '../db/schema.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import { abandonedClaimMs } from '../members/idempotency.ts'
import { durationInWords } from './durationInWords.ts'
import type { HeldAction, NewDeviceHold } from './newDeviceHold.ts'
import { SendHeldError } from './SendHeldError.ts'

/** A send the policy holds: whose it is, and how the sweep replays it when the hold ends. */
export type SendToHold = {
  session: { sessionId: string; userId: string }
  wallet: { id: string }
  /** Privy's `caip2` of the request, kept to replay it: `eip155:84532`, `solana:<genesis hash>`. */
  caip2: string
  /** "Send 250 USDC to 0x… on Base Sepolia": the member reads it in the notice and on the Security page. */
  what: string
  /** The request as the wallet's method table replays it when the hold ends. */
  replay: { method: string; params: unknown; idempotencyKey: string; sponsor: boolean }
}

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * Sends a new device may not make at once (policy/policyEngine.ts decides which): held like an export, then sent
 * by the sweep (wallets/sends/releaseHeldSends.ts) when the hold ends.
 */
export function sendHold(options: {
  db: Db
  hold: NewDeviceHold
  /** Tells the member through every sign-in address they have (a held send that did not go out). */
  tell: (userId: string, notice: { subject: string; text: string }) => Promise<void>
}) {
  const { db, hold } = options

  function held(action: HeldAction, why: string, now: Date) {
    const opens =
      action.opensAt.getTime() > now.getTime()
        ? `it goes out at ${when(action.opensAt)}`
        : 'its wait is over and it goes out within a minute'
    return new SendHeldError(
      `This device signed in less than ${hold.duration} ago, and ${why}, so it waits: ${opens}, unless one of your other devices cancels it on its Security page. Your sign-in addresses were told.`,
      action,
    )
  }

  return {
    /**
     * What became of an earlier send under the same wallet and idempotency key, if one was held: the same send
     * still waiting answers its held send again (SendHeldError); one cancelled or failed is refused, and another
     * send under the key is refused as the idempotency layer refuses another body. Returns when there is none, or
     * it went out.
     */
    async assertNoEarlier(request: Omit<SendToHold, 'what' | 'session'>, now = new Date()): Promise<void> {
      const key = request.replay.idempotencyKey
      const [earlier] = await db
        .select()
        .from(heldActions)
        .where(
          and(
            eq(heldActions.kind, 'send'),
            eq(heldActions.walletId, request.wallet.id),
            eq(heldActions.idempotencyKey, key),
          ),
        )
        .orderBy(desc(heldActions.createdAt))
        .limit(1)
      if (!earlier) return
      const sameSend =
        earlier.caip2 === request.caip2 &&
        earlier.method === request.replay.method &&
        canonicalize(earlier.params) === canonicalize(request.replay.params)
      if (!sameSend) {
        throw new WalletApiError(-32600, 409, 'This idempotency key was already used for a different send.')
      }
      if (earlier.cancelledAt) {
        throw new WalletApiError(
          -32000,
          409,
          'This send was cancelled from one of your devices and will never go out. If you still mean to send it, send it again with a new idempotency key.',
        )
      }
      if (earlier.failure) {
        throw new WalletApiError(
          -32000,
          409,
          `This send was held, and did not go out when its wait ended: ${earlier.failure}. Send it again with a new idempotency key.`,
        )
      }
      if (!earlier.completedAt) throw held(earlier, 'this send was held', now)
    },

    /**
     * Holds the send: records it, tells every address of the account, and throws SendHeldError (403
     * `action_held`) saying `why` ("this send is above …"). Returns only if the session is not within its hold.
     */
    async hold(request: SendToHold, why: string, now = new Date()): Promise<void> {
      const key = request.replay.idempotencyKey
      const action = await hold.holdIfNew(
        {
          session: request.session,
          kind: 'send',
          subject: `${request.wallet.id}:${key}`,
          what: `${request.what.charAt(0).toLowerCase()}${request.what.slice(1)}`,
          send: {
            walletId: request.wallet.id,
            method: request.replay.method,
            caip2: request.caip2,
            params: request.replay.params,
            idempotencyKey: key,
            sponsor: request.replay.sponsor,
          },
        },
        now,
      )
      if (action) throw held(action, why, now)
    },

    /** Held sends whose wait is over: not cancelled, not done, and not being sent (or whose sender died). */
    async due(now = new Date()): Promise<HeldAction[]> {
      return db
        .select()
        .from(heldActions)
        .where(and(dueNow(now), isNull(heldActions.cancelledAt)))
        .orderBy(asc(heldActions.opensAt))
        .limit(50)
    },

    /**
     * Takes a due send to send it, atomically: of two sweeps (two server processes) one gets it. A claim older
     * than `abandonedClaimMs` is a sweep that died mid-send, and is taken over: the send's own idempotency key
     * makes the second attempt answer the first one's hash rather than send again.
     */
    async claim(id: string, now = new Date()): Promise<HeldAction | undefined> {
      const [claimed] = await db
        .update(heldActions)
        .set({ claimedAt: now })
        .where(and(eq(heldActions.id, id), dueNow(now), isNull(heldActions.cancelledAt)))
        .returning()
      return claimed
    },

    /** Gives a claimed send back to the next sweep (the chain could not be reached: nothing was decided). */
    async release(id: string) {
      await db
        .update(heldActions)
        .set({ claimedAt: null })
        .where(and(eq(heldActions.id, id), isNull(heldActions.completedAt)))
    },

    /** Records how a claimed send ended, on the account's events; a send that did not go out is told. */
    async finish(action: HeldAction, outcome: { hash: string } | { failure: string }, now = new Date()) {
      const sent = 'hash' in outcome
      await db
        .update(heldActions)
        .set(
          sent
            ? { completedAt: now, resultHash: outcome.hash }
            : { completedAt: now, failure: outcome.failure },
        )
        .where(and(eq(heldActions.id, action.id), isNull(heldActions.completedAt)))
      await recordAccountEvent(
        db,
        {
          userId: action.userId,
          kind: sent ? 'held_send_sent' : 'held_send_failed',
          summary: sent
            ? `A held send went out after its wait: ${action.summary} (${outcome.hash})`
            : `A held send did not go out: ${action.summary}. ${outcome.failure}`,
        },
        now,
      )
      if (!sent) {
        await options.tell(action.userId, {
          subject: 'A held send from your Charter wallet did not go out',
          text: `A send a new device asked for waited ${durationInWords(hold.hours)} and did not go out: ${action.summary}. ${outcome.failure} Nothing left your wallet.`,
        })
      }
    },
  }
}

/** Due: a send whose wait is over, not done, and not taken by a sweep that is still alive. */
const dueNow = (now: Date) =>
  and(
    eq(heldActions.kind, 'send'),
    lte(heldActions.opensAt, now),
    isNull(heldActions.completedAt),
    or(isNull(heldActions.claimedAt), lt(heldActions.claimedAt, new Date(now.getTime() - abandonedClaimMs))),
  )

export type SendHold = ReturnType<typeof sendHold>
