import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KeyVault, KeyVaultError } from './KeyVault.ts'

const owner = { walletId: 'wallet-1', userId: 'did:charter:1' }
const privateKey = randomBytes(32)

describe('KeyVault', () => {
  it('seals a key so that nothing of it shows, and opens it again', () => {
    const vault = new KeyVault(randomBytes(32))
    const sealed = vault.seal(privateKey, owner)
    const stored = JSON.stringify(sealed)
    expect(stored).not.toContain(privateKey.toString('hex'))
    expect(stored).not.toContain(privateKey.toString('base64'))
    expect(vault.open(sealed, owner).equals(privateKey)).toBe(true)
  })

  it('seals the same key differently each time', () => {
    const vault = new KeyVault(randomBytes(32))
    expect(vault.seal(privateKey, owner).ciphertext).not.toBe(vault.seal(privateKey, owner).ciphertext)
  })

  it('refuses to open a sealed key moved to another wallet or user', () => {
    const vault = new KeyVault(randomBytes(32))
    const sealed = vault.seal(privateKey, owner)
    expect(() => vault.open(sealed, { ...owner, walletId: 'wallet-2' })).toThrow(KeyVaultError)
    expect(() => vault.open(sealed, { ...owner, userId: 'did:charter:2' })).toThrow(KeyVaultError)
  })

  it('refuses a tampered ciphertext', () => {
    const vault = new KeyVault(randomBytes(32))
    const sealed = vault.seal(privateKey, owner)
    const bytes = Buffer.from(sealed.ciphertext, 'base64')
    bytes[14] = (bytes[14] ?? 0) ^ 1
    expect(() => vault.open({ ...sealed, ciphertext: bytes.toString('base64') }, owner)).toThrow(
      KeyVaultError,
    )
  })

  it('rotates: a new master key reads old keys through the previous one, and rewrap moves them over', () => {
    const oldMaster = randomBytes(32)
    const newMaster = randomBytes(32)
    const sealed = new KeyVault(oldMaster).seal(privateKey, owner)
    const during = new KeyVault(newMaster, [oldMaster])
    expect(during.open(sealed, owner).equals(privateKey)).toBe(true)
    const moved = during.rewrap(sealed, owner.walletId)
    expect(moved.masterKeyId).toBe(during.currentMasterKeyId)
    expect(moved.ciphertext).toBe(sealed.ciphertext)
    expect(new KeyVault(newMaster).open(moved, owner).equals(privateKey)).toBe(true)
    expect(() => new KeyVault(newMaster).open(sealed, owner)).toThrow(/WALLET_PREVIOUS_MASTER_KEYS/)
  })

  it('wants 32-byte master keys', () => {
    expect(() => new KeyVault(randomBytes(16))).toThrow('32 bytes')
  })
})
