import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/Database.ts'
import { sessions, wallets } from '../../db/schema.ts'
import { activeFreezeOf } from '../../holds/accountFreeze.ts'
import type { HeldAction } from '../../holds/newDeviceHold.ts'
import type { SendHold } from '../../holds/sendHold.ts'
import { WalletApiError } from '../../http/WalletApiError.ts'
import type { Logger } from '../../log/logger.ts'
import type { KeyVault } from '../KeyVault.ts'
import { walletCall } from '../methods/walletCall.ts'
import { runWalletCall } from '../runWalletCall.ts'
import { activityRecorder, removeActivity, sentHash } from '../walletActivity.ts'
import type { Sending } from './Sending.ts'

/**
 * Sends the held sends whose wait is over (holds/sendHold.ts), as the method table would for their caller: the
 * stored method and params, the wallet's key, the caller's idempotency key (so a send that went out answers its
 * hash rather than go twice), marked as the held replay so it is not held again. Each is claimed first: of two
 * servers sweeping at once, one sends it. A send whose device was signed out since never goes: signing out is
 * what a member told of a stranger's send does. Answers how many went out and how many did not.
 */
export async function releaseHeldSends(options: {
  db: Db
  vault: KeyVault
  sending: Omit<Sending, 'db'>
  sendHold: SendHold
  logger: Logger
  now?: Date
}): Promise<{ sent: number; failed: number }> {
  const { db, vault, logger } = options
  const now = options.now ?? new Date()
  const holds = options.sendHold
  const parts = {
    vault,
    sending: { db, ...options.sending },
    recordActivity: activityRecorder(db),
    removeActivity: (ids: number[]) => removeActivity(db, ids),
  }
  let sent = 0
  let failed = 0
  for (const due of await holds.due(now)) {
    // A frozen account sends nothing, held sends included: this one waits for the freeze to end.
    if (await activeFreezeOf(db, due.userId, now)) continue
    const action = await holds.claim(due.id, now)
    if (!action) continue
    const outcome = await sendOne(action)
    if (outcome === 'retry') continue
    if ('hash' in outcome) sent += 1
    else failed += 1
    await holds.finish(action, outcome, now)
  }
  return { sent, failed }

  async function sendOne(action: HeldAction): Promise<{ hash: string } | { failure: string } | 'retry'> {
    const { walletId, method, caip2, idempotencyKey } = action
    if (!walletId || !method || !caip2 || !idempotencyKey) {
      return { failure: 'It was recorded without what it needs to go out.' }
    }
    const [live] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, action.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    if (!live) return { failure: 'The device that asked for it was signed out before its wait ended.' }
    const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId))
    if (!wallet || wallet.userId !== action.userId) return { failure: 'Its wallet is no longer there.' }
    try {
      const call = walletCall(wallet.chainType, method, action.params)
      const result = await runWalletCall(parts, call, {
        wallet,
        request: {
          caip2,
          idempotencyKey,
          // No caller: the request was signed and checked when it was held.
          expiry: String(now.getTime()),
          method,
          params: action.params,
          sponsor: action.sponsored,
        },
        session: { sessionId: action.sessionId, userId: action.userId },
        heldReplay: action.liftedAt ? 'released' : 'waited',
      })
      return { hash: sentHash(result.answer) ?? '' }
    } catch (error) {
      // The node could not be reached, or the wallet's other sends hold its nonce: nothing was decided, so the
      // next sweep tries again.
      if (error instanceof WalletApiError && (error.status === 502 || error.code === -32603)) {
        await holds.release(action.id)
        return 'retry'
      }
      if (error instanceof WalletApiError) return { failure: error.shortMessage }
      // A bug: the claim stays, and a sweep takes it up again once it counts as abandoned.
      logger.error('A held send failed unexpectedly', { heldAction: action.id, error: String(error) })
      return 'retry'
    }
  }
}
