import { describe, expect, it } from 'vitest'
import { evmWallet, phone, solanaWallet, user, wallet } from './__fixtures__/accounts.ts'
import { getEmbeddedWallets } from './getEmbeddedWallets.ts'

describe('getEmbeddedWallets', () => {
  it('lists every embedded wallet in linked_accounts order', () => {
    expect(getEmbeddedWallets(user)).toEqual([solanaWallet, evmWallet])
  })

  it('keeps only the asked chain type', () => {
    const second = wallet({ id: 'wallet-evm-1', wallet_index: 1 })
    const withTwo = { ...user, linked_accounts: [...user.linked_accounts, second] }
    expect(getEmbeddedWallets(withTwo, 'ethereum')).toEqual([evmWallet, second])
    expect(getEmbeddedWallets(withTwo, 'solana')).toEqual([solanaWallet])
  })

  it('is empty for a user without wallets', () => {
    expect(getEmbeddedWallets({ linked_accounts: [phone] })).toEqual([])
  })
})
