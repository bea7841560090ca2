import { indexedDbKeyStore } from './indexedDbKeyStore.ts'
import { memoryKeyStore } from './memoryKeyStore.ts'
import type { WalletKeyStore } from './WalletKeyStore.ts'

let shared: WalletKeyStore | undefined

/** This page's one key store: IndexedDB where the browser has it, memory otherwise. */
export function browserKeyStore(): WalletKeyStore {
  shared ??= typeof indexedDB === 'undefined' ? memoryKeyStore() : indexedDbKeyStore()
  return shared
}
