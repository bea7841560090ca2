import { describe, expect, it } from 'vitest'
import { email, evmWallet, phone, solanaWallet } from './__fixtures__/accounts.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'
import type { LinkedAccount } from './LinkedAccount.ts'

describe('isEmbeddedWallet', () => {
  it('is true for embedded EVM and Solana wallets', () => {
    expect(isEmbeddedWallet(evmWallet)).toBe(true)
    expect(isEmbeddedWallet(solanaWallet)).toBe(true)
  })

  it('is false for phone and email accounts', () => {
    expect(isEmbeddedWallet(phone)).toBe(false)
    expect(isEmbeddedWallet(email)).toBe(false)
  })

  it('is false for a wallet from another client, such as an external wallet linked in Privy', () => {
    const external: LinkedAccount = {
      ...evmWallet,
      wallet_client_type: 'metamask',
      connector_type: 'injected',
    }
    expect(isEmbeddedWallet(external)).toBe(false)
  })
})
