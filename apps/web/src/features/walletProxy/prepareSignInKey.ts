import { browserKeyStore } from './browserKeyStore.ts'
import { makeWalletKey } from './makeWalletKey.ts'
import type { WalletKeyStore } from './WalletKeyStore.ts'

export type SignInKey = {
  /** SPKI, base64: the `authorization_key` the new session is born bound to. */
  publicKey: string
  /** Marks the key as the signed-in user's, once the server has answered. */
  bind(userId: string): Promise<void>
}

/**
 * A fresh device key for a sign-in about to be sent. It is stored before the server hears of it, pending (bound to
 * no user), so a page closed between the server's answer and `bind` still has it: the wallet proxy's start finds
 * it, the server knows it as the session's own, and it is bound then. Without this, the session would keep a key
 * no page holds, and only a new sign-in would help.
 */
export async function prepareSignInKey(store: WalletKeyStore = browserKeyStore()): Promise<SignInKey> {
  const key = await makeWalletKey()
  await store.exclusive(() => store.save(key))
  return {
    publicKey: key.publicKey,
    bind: (userId) => store.exclusive(() => store.save({ ...key, userId })),
  }
}
