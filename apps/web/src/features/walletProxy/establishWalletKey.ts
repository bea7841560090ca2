import { makeWalletKey } from './makeWalletKey.ts'
import { registerWalletKey } from './registerWalletKey.ts'
import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'

/**
 * The key this browser signs with for `userId`'s session. A stored key of the same user is registered again,
 * which the server accepts when it is the session's key (a reload, another tab). Otherwise (just signed in, the
 * stored key was forgotten at sign-out) a fresh key is made, registered, and stored only once the server took it.
 * Call it inside `store.exclusive`.
 */
export async function establishWalletKey(store: WalletKeyStore, userId: string): Promise<StoredWalletKey> {
  const stored = await store.load()
  if (stored?.userId === userId) {
    if ((await registerWalletKey(stored.publicKey)) === 'registered') return stored
    throw new WalletKeyMismatchError()
  }
  const fresh = await makeWalletKey(userId)
  if ((await registerWalletKey(fresh.publicKey)) === 'registered') {
    await store.save(fresh)
    return fresh
  }
  // Without Web Locks another tab may have registered and stored its key for this session a moment ago.
  const other = await store.load()
  if (
    other?.userId === userId &&
    other.publicKey !== fresh.publicKey &&
    (await registerWalletKey(other.publicKey)) === 'registered'
  ) {
    return other
  }
  throw new WalletKeyMismatchError()
}
