import { WalletKeyStorageError } from './WalletKeyStorageError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'
import { withTabLock } from './withTabLock.ts'

const databaseName = 'charter-wallet'
const storeName = 'device-key'
const recordKey = 'current'

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('The wallet key database is blocked by another tab'))
  })
}

async function transact<T>(
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  let database: IDBDatabase | undefined
  try {
    database = await openDatabase()
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
 * non-extractable private key survives a reload without ever being readable.
 */
export function indexedDbKeyStore(): WalletKeyStore {
  return {
    load: async () =>
      (await transact<StoredWalletKey | undefined>('readonly', (store) => store.get(recordKey))) ?? undefined,
    save: async (key) => {
      await transact('readwrite', (store) => store.put(key, recordKey))
    },
    clear: async () => {
      await transact('readwrite', (store) => store.delete(recordKey))
    },
    exclusive: withTabLock,
  }
}
