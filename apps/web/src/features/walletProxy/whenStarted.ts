import type { WalletProxy } from './createWalletProxy.ts'

/** How long a request waits for the proxy to start before its refusal says it has not. */
const startWaitMs = 15_000

/**
 * Resolves once the proxy is past starting (`idle`, `pending`): ready to sign, or in a state whose refusal says
 * why it cannot. A change asked for as soon as a page opens is then signed, not refused ("Wallet proxy not
 * initialized") while this browser's key is still being registered with the session.
 */
export function whenStarted(
  proxy: Pick<WalletProxy, 'getState' | 'subscribe'>,
  waitMs = startWaitMs,
): Promise<void> {
  const started = () => {
    const { status } = proxy.getState()
    return status !== 'idle' && status !== 'pending'
  }
  if (started()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      stop()
      resolve()
    }
    const timer = setTimeout(done, waitMs)
    const stop = proxy.subscribe(() => {
      if (started()) done()
    })
  })
}
