import type { PolicyDecision } from '../policy/policyEngine.ts'
import { activityLines } from './activityLines.ts'
import type { KeyVault } from './KeyVault.ts'
import type { WalletMethodContext } from './methods/WalletMethod.ts'
import type { WalletCall } from './methods/walletCall.ts'
import type { Sending } from './sends/Sending.ts'
import type { activityRecorder } from './walletActivity.ts'
import { withWalletKey } from './withWalletKey.ts'

/** What every wallet call runs with, from the route (a caller) or the sweep (a held send going out). */
export type WalletCallParts = {
  vault: KeyVault
  sending: Sending
  recordActivity: ReturnType<typeof activityRecorder>
  removeActivity: (ids: number[]) => Promise<void>
}

/**
 * Runs a wallet call: the method says what its request moves, the policy decides before the key is opened
 * (`authorize`), the activity line is written while the signature is computed, and the answer waits for it. A
 * call that fails takes its line back, and gives back the budget it reserved if no signature was made.
 */
export async function runWalletCall(
  parts: WalletCallParts,
  call: WalletCall,
  input: Pick<WalletMethodContext, 'wallet' | 'request' | 'session' | 'heldReplay'>,
) {
  const { wallet } = input
  const { policy } = parts.sending
  const lines = activityLines(parts.recordActivity, parts.removeActivity, {
    userId: wallet.userId,
    walletId: wallet.id,
    method: call.method,
  })
  let decision: PolicyDecision | undefined
  let signed = false
  const context: WalletMethodContext = {
    ...input,
    sending: parts.sending,
    activity: (line) => lines.start({ ...line, decision: decision?.words }),
    async authorize(request) {
      if (decision) throw new Error(`${call.method} asked the policy twice`)
      const made = await policy.decide({
        ...request,
        session: input.session,
        wallet,
        method: input.request.method,
        params: input.request.params,
        heldReplay: input.heldReplay,
      })
      decision = made
      return {
        withKey: async <T>(use: (privateKey: Buffer) => T | Promise<T>) => {
          const result = await withWalletKey(parts.vault, wallet, use)
          signed = true
          return result
        },
        release: () => policy.release(made),
      }
    },
  }
  try {
    const result = await call.run(context)
    // The line was written while the signature was computed; none is answered without it.
    await lines.written()
    return result
  } catch (error) {
    await lines.withdraw()
    if (decision && !signed) await policy.release(decision).catch(() => undefined)
    throw error
  }
}
