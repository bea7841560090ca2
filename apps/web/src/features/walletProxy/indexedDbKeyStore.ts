import { WalletKeyStorageError } from './WalletKeyStorageError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'
import { withTabLock } from './withTabLock.ts'

const storeName = 'device-key'
const recordKey = 'current'

function openDatabase(databaseName: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('The wallet key database is blocked by another tab'))
  })
}

async function transact<T>(
  databaseName: string,
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  let database: IDBDatabase | undefined
  try {
    database = await openDatabase(databaseName)
    const transaction = database.transaction(storeName, mode)
    const request = use(transaction.objectStore(storeName))
    return await new Promise<T>((resolve, reject) => {
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(transaction.error ?? request.error)
      transaction.onabort = () => reject(transaction.error ?? new Error('The transaction was aborted'))
    })
  } catch (cause) {
    throw new WalletKeyStorageError({ cause })
  } finally {
    database?.close()
  }
}

/**
 * The device key in IndexedDB, which stores a `CryptoKey` as the key itself (structured clone), so a
 * non-extractable private key survives a reload without ever being readable. Charter's web app keeps its key in
 * `charter-wallet`; the wallet frame that Privy's React SDK loads keeps its own, so neither replaces the other's.
 */
export function indexedDbKeyStore(databaseName = 'charter-wallet'): WalletKeyStore {
  return {
    load: async () =>
      (await transact<StoredWalletKey | undefined>(databaseName, 'readonly', (store) =>
        store.get(recordKey),
      )) ?? undefined,
    save: async (key) => {
      await transact(databaseName, 'readwrite', (store) => store.put(key, recordKey))
    },
    clear: async () => {
      await transact(databaseName, 'readwrite', (store) => store.delete(recordKey))
    },
    exclusive: withTabLock,
  }
}
