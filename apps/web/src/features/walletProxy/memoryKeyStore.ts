import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'

/**
 * Keeps the device key in this page's memory only: for tests, and for a browser without IndexedDB, where a reload
 * loses the key (the person then signs out and in again).
 */
export function memoryKeyStore(initial?: StoredWalletKey): WalletKeyStore {
  let stored = initial
  let queue: Promise<unknown> = Promise.resolve()
  return {
    load: async () => stored,
    save: async (key) => {
      stored = key
    },
    clear: async () => {
      stored = undefined
    },
    exclusive: <T>(task: () => Promise<T>) => {
      const run = queue.then(task, task)
      queue = run.catch(() => undefined)
      return run
    },
  }
}
