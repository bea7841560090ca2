/** The key this browser signs wallet requests with, and whose session it was made for. */
export type StoredWalletKey = {
  /**
   * The user whose session is bound to this key. Absent while the sign-in it was made for is under way: the key
   * is kept before the server hears of it and bound to the user once the server answers (see `prepareSignInKey`).
   */
  userId?: string
  /** Made by WebCrypto; the private key is not extractable, so not even this page can read it out. */
  keyPair: CryptoKeyPair
  /** The public key as the server holds it: SPKI, base64. */
  publicKey: string
}

/** Where the device key lives between page loads: IndexedDB in a browser, memory in tests. */
export type WalletKeyStore = {
  load(): Promise<StoredWalletKey | undefined>
  save(key: StoredWalletKey): Promise<void>
  clear(): Promise<void>
  /**
   * Runs `task` while no other tab of this browser runs one, so two tabs that start at the same moment never
   * register two keys for one session.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>
}
