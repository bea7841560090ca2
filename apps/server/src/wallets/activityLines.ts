import type { ActivityLine, ActivityLineInput } from './methods/WalletMethod.ts'
import type { ActivityEntry } from './walletActivity.ts'

/**
 * The activity line of one wallet call, written while the call signs. `start` is the method's
 * `context.activity`: it sends the INSERT on its way and lets the signature be computed meanwhile. `written`
 * waits for the line before the answer goes: no signature is answered without its line, and one whose line
 * failed is not answered at all. `withdraw`, for a call that failed after saying what it would sign, takes the
 * line back, so the log holds only what was answered.
 */
export function activityLines(
  record: (entry: ActivityEntry) => Promise<number>,
  remove: (ids: number[]) => Promise<void>,
  call: { userId: string; walletId: string; method: string },
) {
  const started: Promise<number>[] = []
  return {
    async start(line: ActivityLineInput): Promise<ActivityLine> {
      const id = record({
        userId: call.userId,
        walletId: call.walletId,
        kind: 'signature',
        method: call.method,
        subject: line.signed,
        summary: line.summary,
        sendHash: line.sendHash,
        decision: line.decision,
      })
      // Handled here so a line that fails while the call is still signing is no unhandled rejection: `written`
      // and `withdraw` read its outcome.
      id.catch(() => undefined)
      started.push(id)
      // One turn of the event loop: the batch's INSERT goes out to the database before the CPU-bound signing
      // holds the thread.
      await new Promise((resolve) => setImmediate(resolve))
      return {} as ActivityLine
    },
    /** Resolves once every line the call started is stored; rejects if one could not be. */
    async written(): Promise<void> {
      if (started.length === 0) throw new Error(`${call.method} answered without saying what it signed`)
      await Promise.all(started)
    },
    async withdraw(): Promise<void> {
      const ids = await Promise.allSettled(started)
      // A line that cannot be taken back stays: a line too many is the safe side, and the call's own error is
      // what its caller must hear.
      await remove(ids.flatMap((id) => (id.status === 'fulfilled' ? [id.value] : []))).catch(() => undefined)
    },
  }
}
