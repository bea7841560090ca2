import { makeWalletKey } from './makeWalletKey.ts'
import { registerWalletKey } from './registerWalletKey.ts'
import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import { WalletKeyMissingError } from './WalletKeyMissingError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'

const refusal = (outcome: 'taken' | 'missing') =>
  outcome === 'missing' ? new WalletKeyMissingError() : new WalletKeyMismatchError()

/**
 * The key this browser signs with for `userId`'s session. The session was bound to a key at sign-in, which this
 * browser stored first; that key is registered again (the server accepts the session's own key: a reload, another
 * tab). A key still pending (a page closed between the sign-in's answer and the binding) is bound to the user once
 * the server knows it. Call it inside `store.exclusive`.
 */
export async function establishWalletKey(store: WalletKeyStore, userId: string): Promise<StoredWalletKey> {
  const stored = await store.load()
  if (stored && (stored.userId === undefined || stored.userId === userId)) {
    const outcome = await registerWalletKey(stored.publicKey)
    if (outcome === 'registered') return bind(store, stored, userId)
    // A session without a key takes no fresh one either; a pending key another session took is of no use: go on
    // as if there were none.
    if (stored.userId === userId || outcome === 'missing') throw refusal(outcome)
  }
  // This browser has no key for the session (its storage was cleared, or the session was signed in elsewhere). A
  // server that binds a first key without a code takes a fresh one; one that does not says why not, and nothing
  // is kept. The fresh key is stored first, so a page left while the server takes it still has it next time.
  const fresh = await makeWalletKey(userId)
  await store.save(fresh)
  const outcome = await registerWalletKey(fresh.publicKey)
  if (outcome === 'registered') return fresh
  // Without Web Locks another tab may have stored the session's key just after ours.
  const other = await store.load()
  if (
    other &&
    other.publicKey !== fresh.publicKey &&
    (other.userId === undefined || other.userId === userId) &&
    (await registerWalletKey(other.publicKey)) === 'registered'
  ) {
    return bind(store, other, userId)
  }
  if (other?.publicKey === fresh.publicKey) await store.clear()
  throw refusal(outcome)
}

async function bind(store: WalletKeyStore, key: StoredWalletKey, userId: string): Promise<StoredWalletKey> {
  if (key.userId === userId) return key
  const bound = { ...key, userId }
  await store.save(bound)
  return bound
}
