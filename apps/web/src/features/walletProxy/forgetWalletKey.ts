import { browserKeyStore } from './browserKeyStore.ts'

/**
 * Deletes this browser's device key once the session is over (signed out here or in another tab, or expired), so
 * a key of an ended session is not kept. A pending key stays: it belongs to a sign-in under way, here or in
 * another tab, and the next sign-in replaces it anyway.
 */
export async function forgetWalletKey(): Promise<void> {
  const store = browserKeyStore()
  await store.exclusive(async () => {
    if ((await store.load())?.userId !== undefined) await store.clear()
  })
}
