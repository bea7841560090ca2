import { describe, expect, it } from 'vitest'
import {
  email,
  evmWallet,
  externalEvmWallet,
  externalSolanaWallet,
  phone,
  solanaWallet,
} from './__fixtures__/accounts.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'
import { isExternalWallet } from './isExternalWallet.ts'

describe('isExternalWallet', () => {
  it('is true for a browser wallet on either chain, which is no embedded wallet', () => {
    for (const account of [externalEvmWallet, externalSolanaWallet]) {
      expect(isExternalWallet(account)).toBe(true)
      expect(isEmbeddedWallet(account)).toBe(false)
    }
  })

  it('is false for embedded wallets, phone and email accounts', () => {
    for (const account of [evmWallet, solanaWallet, phone, email])
      expect(isExternalWallet(account)).toBe(false)
  })
})
