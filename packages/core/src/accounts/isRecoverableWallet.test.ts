import { describe, expect, it } from 'vitest'
import { email, phone, solanaWallet, wallet } from './__fixtures__/accounts.ts'
import { isRecoverableWallet } from './isRecoverableWallet.ts'

describe('isRecoverableWallet', () => {
  it('is true for a wallet with an id and recovery method privy-v2', () => {
    expect(isRecoverableWallet(wallet({}))).toBe(true)
    expect(isRecoverableWallet(solanaWallet)).toBe(true)
  })

  it('is false without an id', () => {
    expect(isRecoverableWallet(wallet({ id: null }))).toBe(false)
    expect(isRecoverableWallet(wallet({ id: '' }))).toBe(false)
  })

  it('is false for any other recovery method', () => {
    for (const method of [
      'privy',
      'user-passcode',
      'google-drive',
      'icloud',
      'recovery-encryption-key',
    ] as const) {
      expect(isRecoverableWallet(wallet({ recovery_method: method }))).toBe(false)
    }
  })

  it('is false for accounts that are not wallets', () => {
    expect(isRecoverableWallet(phone)).toBe(false)
    expect(isRecoverableWallet(email)).toBe(false)
  })
})
