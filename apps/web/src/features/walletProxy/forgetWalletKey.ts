import { browserKeyStore } from './browserKeyStore.ts'

/**
 * Deletes this browser's device key once the session is over (signed out here or in another tab, or expired), so
 * the next sign-in makes and registers a fresh one.
 */
export async function forgetWalletKey(): Promise<void> {
  const store = browserKeyStore()
  await store.exclusive(() => store.clear())
}
