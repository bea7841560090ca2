import { describe, expect, it } from 'vitest'
import {
  email,
  evmWallet,
  externalEvmWallet,
  externalSolanaWallet,
  phone,
  solanaWallet,
  wallet,
} from './__fixtures__/accounts.ts'
import { selectEmbeddedWallet } from './selectEmbeddedWallet.ts'

describe('selectEmbeddedWallet', () => {
  it('picks the wallet of the asked chain type', () => {
    const accounts = [phone, email, solanaWallet, evmWallet]
    expect(selectEmbeddedWallet(accounts, 'ethereum')).toBe(evmWallet)
    expect(selectEmbeddedWallet(accounts, 'solana')).toBe(solanaWallet)
  })

  it('prefers wallet index 0 wherever it sits in the list', () => {
    const second = wallet({ id: 'wallet-evm-1', wallet_index: 1 })
    const third = wallet({ id: 'wallet-evm-2', wallet_index: 2 })
    expect(selectEmbeddedWallet([third, second, evmWallet], 'ethereum')).toBe(evmWallet)
  })

  it('falls back to the lowest index when there is no wallet at index 0', () => {
    const second = wallet({ id: 'wallet-evm-1', wallet_index: 1 })
    const third = wallet({ id: 'wallet-evm-2', wallet_index: 2 })
    expect(selectEmbeddedWallet([third, second, solanaWallet], 'ethereum')).toBe(second)
  })

  it('puts a generated wallet before an imported one at the same index, then keeps list order', () => {
    const imported = wallet({ id: 'imported', imported: true })
    const laterTwin = wallet({ id: 'later-twin' })
    expect(selectEmbeddedWallet([imported, evmWallet, laterTwin], 'ethereum')).toBe(evmWallet)
    expect(selectEmbeddedWallet([imported], 'ethereum')).toBe(imported)
  })

  it('never picks a wallet the member linked, even listed first or alone', () => {
    const accounts = [externalEvmWallet, externalSolanaWallet, solanaWallet, evmWallet]
    expect(selectEmbeddedWallet(accounts, 'ethereum')).toBe(evmWallet)
    expect(selectEmbeddedWallet(accounts, 'solana')).toBe(solanaWallet)
    expect(selectEmbeddedWallet([phone, externalEvmWallet], 'ethereum')).toBeUndefined()
    expect(selectEmbeddedWallet([externalSolanaWallet], 'solana')).toBeUndefined()
  })

  it('is undefined when there is no embedded wallet of that chain type', () => {
    expect(selectEmbeddedWallet([phone, email, evmWallet], 'solana')).toBeUndefined()
    expect(selectEmbeddedWallet([], 'ethereum')).toBeUndefined()
  })
})
