import { createHash } from 'node:crypto'
import { totalMoves, type WalletEffect } from '@charter/core'
import canonicalize from 'canonicalize'
import type { NewDeviceHold } from '../holds/newDeviceHold.ts'
import { SendHeldError } from '../holds/SendHeldError.ts'
import type { SendHold } from '../holds/sendHold.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { type BudgetExceeded, type NewDeviceBudget, nativeSymbolOf } from './newDeviceBudget.ts'

/** A request to sign, as the policy weighs it: whose, on which wallet, what it can move, in words. */
export type PolicyRequest = {
  session: { sessionId: string; userId: string }
  wallet: { id: string }
  /** The wallet method (`eth_sendTransaction`, `signTransaction`, …) and its params, as the caller sent them. */
  method: string
  params: unknown
  /** What it can move, read by core's readers (readEvmTransaction, readTypedDataEffect, …). */
  effect: WalletEffect
  /** What the member reads in a notice and on the Security page: "Send 250 USDC to 0x… on Base Sepolia". */
  what: string
  /**
   * A send the sweep can replay when a hold ends (its caip2 and the caller's request); without one, a held
   * signature is signed for the same session once its hold ends.
   */
  send?: {
    caip2: string
    replay: { method: string; params: unknown; idempotencyKey: string; sponsor: boolean }
  }
  /** The sweep's replay of a held send: it waited already, or the member's passkey released it. */
  heldReplay: false | 'waited' | 'released'
}

/** The policy's answer when a request may be signed: in words for the activity line, and what it reserved. */
export type PolicyDecision = { words: string; reserved: string[] }

/**
 * The one decision made before any wallet key is opened (docs/security.md, "One decision before any key signs"):
 * every wallet method describes what its request can move, and this answers allow (with the budget reserved),
 * hold (a SendHeldError, 403 `action_held`: recorded, told to every address, cancellable) or deny (4100, 403).
 * Deny wins over hold, hold over allow. The built-in policy is the new-device hold: a session younger than
 * NEW_DEVICE_HOLD_HOURS moves at most its budget at once, and nothing it cannot weigh.
 */
export function policyEngine(options: { hold: NewDeviceHold; sendHold: SendHold; budget: NewDeviceBudget }) {
  const { hold, sendHold, budget } = options

  /** Holds the request: a send is replayed by the sweep, a signature waits for its own session to ask again. */
  async function holdRequest(request: PolicyRequest, why: string, now: Date): Promise<never> {
    if (request.send) {
      await sendHold.hold(
        { ...request.send, session: request.session, wallet: request.wallet, what: request.what },
        why,
        now,
      )
    } else {
      const action = await hold.holdIfNew(
        {
          session: request.session,
          kind: 'signature',
          subject: signatureSubject(request),
          what: `${request.what.charAt(0).toLowerCase()}${request.what.slice(1)}`,
        },
        now,
      )
      if (action) {
        throw new SendHeldError(
          `This device signed in less than ${hold.duration} ago, and ${why}, so it waits: this device can sign it at ${when(action.opensAt)}, unless one of your other devices cancels it on its Security page. Your sign-in addresses were told.`,
          action,
        )
      }
    }
    // The hold ended between the question and the record: nothing was held, so nothing is signed either.
    throw new WalletApiError(-32603, 409, 'This device’s wait ended just now. Send the request again.')
  }

  function overBudget(exceeded: BudgetExceeded) {
    const unit = exceeded.asset === 'usdc' ? 'USDC' : nativeSymbolOf(exceeded.chain)
    const earlier =
      exceeded.used === '0' ? '' : `, with the ${exceeded.used} ${unit} your new devices moved already,`
    return `this request moves ${exceeded.asked} ${unit} (fees included)${earlier} above what a new device moves before its wait ends (${budget.limitWords(exceeded.chain)})`
  }

  return {
    budget,

    async decide(request: PolicyRequest, now = new Date()): Promise<PolicyDecision> {
      if (request.heldReplay) {
        // A held send going out by itself: not if the member cancelled anything else the same device asked.
        if (await hold.cancelledByAnother(request.session.sessionId)) throw deviceCancelled()
        return {
          words:
            request.heldReplay === 'released'
              ? 'went out once the member’s passkey released it'
              : 'went out after its wait',
          reserved: [],
        }
      }
      const moves = totalMoves(request.effect)
      if (moves.length === 0 && request.effect.unweighable.length === 0) {
        return { words: 'moves nothing', reserved: [] }
      }
      if (request.send) await sendHold.assertNoEarlier({ ...request.send, wallet: request.wallet }, now)
      const [holdEnd, cancelled] = await Promise.all([
        hold.holdEnd(request.session.sessionId, now),
        hold.cancelledByAnother(request.session.sessionId),
      ])
      if (cancelled) throw deviceCancelled()
      if (!holdEnd) {
        if (!request.send) {
          // A signature held earlier for this session, asked again after its wait: done now.
          await hold.complete(
            { session: request.session, kind: 'signature', subject: signatureSubject(request) },
            now,
          )
        }
        return { words: 'a trusted device', reserved: [] }
      }
      if (
        !request.send &&
        (await hold.takeLifted(
          { session: request.session, kind: 'signature', subject: signatureSubject(request) },
          now,
        ))
      ) {
        // The member's passkey released this very signature (passkeys/): signed now, once.
        return { words: 'released with the member’s passkey', reserved: [] }
      }
      const [unweighable] = request.effect.unweighable
      if (unweighable !== undefined) {
        return holdRequest(request, `what it would sign cannot be weighed (${unweighable})`, now)
      }
      const outcome = await budget.reserve(
        {
          userId: request.session.userId,
          sessionId: request.session.sessionId,
          walletId: request.wallet.id,
          moves,
        },
        now,
      )
      if ('exceeded' in outcome) return holdRequest(request, overBudget(outcome.exceeded), now)
      return { words: 'within the new-device budget', reserved: outcome.reserved }
    },

    /** Gives back what a decision reserved, when nothing was signed or nothing reached the chain. */
    release: (decision: PolicyDecision) => budget.release(decision.reserved),
  }
}

export type PolicyEngine = ReturnType<typeof policyEngine>

/** A device whose request the member cancelled from elsewhere moves no money again. */
const deviceCancelled = () =>
  new WalletApiError(
    4100,
    403,
    'Another of your devices cancelled a request this device made, so this device moves no money. If that was you by mistake, sign out here and sign in again: the wait starts anew, and your addresses are told.',
  )

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** One held signature per wallet and exact request: the same request asked again answers the same hold. */
const signatureSubject = (request: PolicyRequest) =>
  `${request.wallet.id}:${createHash('sha256')
    .update(canonicalize({ method: request.method, params: request.params }) ?? '')
    .digest('hex')}`
