import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { BaseError } from '@charter/core'

/** A private key sealed for the database: nothing in it is readable without a master key. */
export type SealedKey = {
  /** AES-256-GCM of the private key under the wallet's data key: iv ‖ ciphertext ‖ tag, base64. */
  ciphertext: string
  /** The data key, AES-256-GCM under the master key: iv ‖ ciphertext ‖ tag, base64. */
  wrappedDataKey: string
  /** Which master key wrapped the data key (a digest of it, never the key). */
  masterKeyId: string
}

export class KeyVaultError extends BaseError {
  override name = 'KeyVaultError'
}

const ivLength = 12
const tagLength = 16

function encrypt(key: Buffer, plaintext: Buffer, aad: string): string {
  const iv = randomBytes(ivLength)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')
}

function decrypt(key: Buffer, sealed: string, aad: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivLength)).setAAD(
    Buffer.from(aad, 'utf8'),
  )
  decipher.setAuthTag(bytes.subarray(bytes.length - tagLength))
  return Buffer.concat([
    decipher.update(bytes.subarray(ivLength, bytes.length - tagLength)),
    decipher.final(),
  ])
}

export const masterKeyIdOf = (masterKey: Buffer): string =>
  createHash('sha256').update('charter-master-key-id').update(masterKey).digest('hex').slice(0, 16)

/**
 * Envelope encryption of wallet keys. Each wallet has its own random data key; the private key is sealed under
 * it with the wallet id and user id as associated data (a sealed key copied to another wallet's row does not
 * open), and the data key is wrapped by the master key. Previous master keys still open what they wrapped, so
 * reads go on while `rewrapDataKeys` moves every wallet to the current key.
 */
export class KeyVault {
  readonly #current: { id: string; key: Buffer }
  readonly #byId: ReadonlyMap<string, Buffer>

  constructor(masterKey: Buffer, previousMasterKeys: readonly Buffer[] = []) {
    for (const key of [masterKey, ...previousMasterKeys]) {
      if (key.length !== 32)
        throw new KeyVaultError('A wallet master key must be 32 bytes (64 hex characters).')
    }
    this.#current = { id: masterKeyIdOf(masterKey), key: masterKey }
    this.#byId = new Map([masterKey, ...previousMasterKeys].map((key) => [masterKeyIdOf(key), key]))
  }

  get currentMasterKeyId(): string {
    return this.#current.id
  }

  /** The ids of the earlier master keys this vault still opens. */
  get previousMasterKeyIds(): string[] {
    return [...this.#byId.keys()].filter((id) => id !== this.#current.id)
  }

  /** Whether this vault holds the master key of that id (the current one or a previous one). */
  hasMasterKey(masterKeyId: string): boolean {
    return this.#byId.has(masterKeyId)
  }

  seal(privateKey: Uint8Array, owner: { walletId: string; userId: string }): SealedKey {
    const dataKey = randomBytes(32)
    try {
      return {
        ciphertext: encrypt(dataKey, Buffer.from(privateKey), `${owner.walletId}|${owner.userId}`),
        wrappedDataKey: encrypt(this.#current.key, dataKey, `${owner.walletId}|${this.#current.id}`),
        masterKeyId: this.#current.id,
      }
    } finally {
      dataKey.fill(0)
    }
  }

  /** The private key; the caller wipes it (`fill(0)`) when done. */
  open(sealed: SealedKey, owner: { walletId: string; userId: string }): Buffer {
    const dataKey = this.#unwrap(sealed, owner.walletId)
    try {
      return decrypt(dataKey, sealed.ciphertext, `${owner.walletId}|${owner.userId}`)
    } catch (cause) {
      throw new KeyVaultError('A wallet key could not be opened.', {
        cause,
        details: `wallet ${owner.walletId}`,
      })
    } finally {
      dataKey.fill(0)
    }
  }

  /** The same data key wrapped by the current master key; the sealed private key itself is untouched. */
  rewrap(sealed: SealedKey, walletId: string): SealedKey {
    if (sealed.masterKeyId === this.#current.id) return sealed
    const dataKey = this.#unwrap(sealed, walletId)
    try {
      return {
        ciphertext: sealed.ciphertext,
        wrappedDataKey: encrypt(this.#current.key, dataKey, `${walletId}|${this.#current.id}`),
        masterKeyId: this.#current.id,
      }
    } finally {
      dataKey.fill(0)
    }
  }

  #unwrap(sealed: SealedKey, walletId: string): Buffer {
    const masterKey = this.#byId.get(sealed.masterKeyId)
    if (!masterKey) {
      throw new KeyVaultError('A wallet key was wrapped by a master key this server does not have.', {
        details: `wallet ${walletId} needs master key ${sealed.masterKeyId}; set it in WALLET_PREVIOUS_MASTER_KEYS`,
      })
    }
    try {
      return decrypt(masterKey, sealed.wrappedDataKey, `${walletId}|${sealed.masterKeyId}`)
    } catch (cause) {
      throw new KeyVaultError('A wallet key could not be opened.', { cause, details: `wallet ${walletId}` })
    }
  }
}
