import {
  indexedDbKeyStore,
  memoryKeyStore,
  WalletKeyStorageError,
  type WalletKeyStore,
} from '../features/walletProxy/index.ts'

/** The frame's own database: Charter's web app keeps its key in another, so neither replaces the other's. */
export const frameDatabaseName = 'charter-wallet-frame'

/**
 * Where the frame keeps its key: IndexedDB, or this page's memory when the browser refuses storage to a frame on
 * another site (a private window, or third-party storage blocked). Then the member signs and exports while the
 * app's page stays open, and signs in again after a reload; an app on a subdomain of Charter's site never meets
 * this (docs/migrating-from-privy.md).
 */
export function frameKeyStore(
  primary?: WalletKeyStore,
  fallback: WalletKeyStore = memoryKeyStore(),
): WalletKeyStore & { inMemory(): boolean } {
  let store = primary ?? (typeof indexedDB === 'undefined' ? fallback : indexedDbKeyStore(frameDatabaseName))
  const withFallback =
    <A extends unknown[], T>(call: (chosen: WalletKeyStore, ...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await call(store, ...args)
      } catch (error) {
        if (store === fallback || !(error instanceof WalletKeyStorageError)) throw error
        console.warn(
          "Charter's wallet frame keeps its key in memory: this browser refuses it storage.",
          error,
        )
        store = fallback
        return call(store, ...args)
      }
    }
  return {
    load: withFallback((chosen) => chosen.load()),
    save: withFallback((chosen, key) => chosen.save(key)),
    clear: withFallback((chosen) => chosen.clear()),
    exclusive: (task) => store.exclusive(task),
    inMemory: () => store === fallback,
  }
}
