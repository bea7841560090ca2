const lockName = 'charter-wallet-key'

/**
 * Runs `task` under the browser's Web Lock shared by every tab of this origin. Where a browser has no Web Locks,
 * `establishWalletKey` still copes with a race (it adopts the key another tab registered).
 */
export async function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks?.request) return task()
  return locks.request(lockName, task) as Promise<T>
}
