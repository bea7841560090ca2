export { browserKeyStore } from './browserKeyStore.ts'
export {
  createWalletProxy,
  requestLifetimeMs,
  type SignedPostOptions,
  type SignedSend,
  type WalletProxy,
  type WalletProxyOptions,
} from './createWalletProxy.ts'
export { forgetWalletKey } from './forgetWalletKey.ts'
export { indexedDbKeyStore } from './indexedDbKeyStore.ts'
export { isKeyRefusal } from './isKeyRefusal.ts'
export { makeWalletKey } from './makeWalletKey.ts'
export { memoryKeyStore } from './memoryKeyStore.ts'
export { prepareSignInKey, type SignInKey } from './prepareSignInKey.ts'
export { signAuthorization } from './signAuthorization.ts'
export { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
export { WalletKeyMissingError } from './WalletKeyMissingError.ts'
export { WalletKeyStorageError } from './WalletKeyStorageError.ts'
export type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'
export type { WalletProxyState } from './WalletProxyState.ts'
export { whenStarted } from './whenStarted.ts'
