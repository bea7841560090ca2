const lockName = 'charter-wallet-key'

/**
 * Runs `task` under the browser's Web Lock shared by every tab of this origin. Where a browser has no Web Locks,
 * or denies them (a frame on another site where the browser blocks third-party storage), `establishWalletKey`
 * still copes with a race (it adopts the key another tab registered), and the wallet frame has one tab's worth of
 * work to order.
 */
export async function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks?.request) return task()
  let ran = false
  try {
    return (await locks.request(lockName, () => {
      ran = true
      return task()
    })) as T
  } catch (error) {
    if (ran || !(error instanceof DOMException && error.name === 'SecurityError')) throw error
    return task()
  }
}
