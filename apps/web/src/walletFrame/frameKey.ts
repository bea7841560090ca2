import { makeWalletKey, type StoredWalletKey, type WalletKeyStore } from '../features/walletProxy/index.ts'

export type FrameKey = {
  /** The frame's device key: the one it keeps, or a fresh one, registered as pending for the next sign-in. */
  current(): Promise<StoredWalletKey>
  /** Forgets the key (a sign-out) and makes, keeps and registers a fresh one for whoever signs in next. */
  rotate(): Promise<StoredWalletKey>
  /** Registers the current key again, so the pending key outlives its hour while the frame is open. */
  refresh(): Promise<void>
}

/**
 * The frame's P-256 device key, not extractable, kept in IndexedDB, and registered with the server as pending
 * (`POST /api/v1/embedded_wallets/pending_key`): the code sign-in that follows in this browser binds its new
 * session to it, so the member can sign at once and no token alone can attach a key later.
 */
export function frameKey(store: WalletKeyStore, register: (publicKey: string) => Promise<void>): FrameKey {
  let current: Promise<StoredWalletKey> | undefined

  // Called inside `store.exclusive` only.
  const makeAndKeep = async () => {
    const made = await makeWalletKey()
    await store.save(made)
    return made
  }

  const registered = async (key: Promise<StoredWalletKey>) => {
    const made = await key
    await register(made.publicKey)
    return made
  }

  return {
    current() {
      current ??= registered(store.exclusive(async () => (await store.load()) ?? makeAndKeep()))
      // A failed start (storage refused, the server away) is tried again by the next message, not kept.
      current.catch(() => {
        current = undefined
      })
      return current
    },
    rotate() {
      current = registered(
        store.exclusive(async () => {
          await store.clear()
          return makeAndKeep()
        }),
      )
      return current
    },
    async refresh() {
      await register((await this.current()).publicKey)
    },
  }
}
