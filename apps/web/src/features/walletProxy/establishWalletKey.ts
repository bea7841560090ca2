import { makeWalletKey } from './makeWalletKey.ts'
import { registerWalletKey } from './registerWalletKey.ts'
import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'

/**
 * The key this browser signs with for `userId`'s session. A stored key of the same user is registered again,
 * which the server accepts when it is the session's key (a reload, another tab). Otherwise (just signed in, the
 * stored key was forgotten at sign-out) a fresh key is made, stored and registered, in that order: a page left
 * between the two finds the stored key next time and registers it, where a key stored only after the server took
 * it would be lost with the page, and the session, which keeps its first key, would refuse every other.
 * Call it inside `store.exclusive`.
 */
export async function establishWalletKey(store: WalletKeyStore, userId: string): Promise<StoredWalletKey> {
  const stored = await store.load()
  if (stored?.userId === userId) {
    if ((await registerWalletKey(stored.publicKey)) === 'registered') return stored
    throw new WalletKeyMismatchError()
  }
  const fresh = await makeWalletKey(userId)
  await store.save(fresh)
  if ((await registerWalletKey(fresh.publicKey)) === 'registered') return fresh
  // Without Web Locks another tab may have stored and registered its key for this session just after ours.
  const other = await store.load()
  if (
    other?.userId === userId &&
    other.publicKey !== fresh.publicKey &&
    (await registerWalletKey(other.publicKey)) === 'registered'
  ) {
    return other
  }
  // The refused key is of no use to anyone: keep nothing.
  if (other?.publicKey === fresh.publicKey) await store.clear()
  throw new WalletKeyMismatchError()
}
