import type { CharterUser, EmbeddedWalletAccount, ExternalWalletAccount, LinkedAccount } from '@charter/core'
import { describe, expect, it } from 'vitest'
import { phoneUser } from '../../testing/fixtures.ts'
import { walletAddressFor } from '../balances/walletAddressFor.ts'
import { userWallets } from './userWallets.ts'

const seen = { verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const embedded = (
  address: string,
  chainType: 'ethereum' | 'solana',
  index: number,
): EmbeddedWalletAccount => ({
  type: 'wallet',
  id: `wallet-${chainType}-${index}`,
  address,
  chain_type: chainType,
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  wallet_index: index,
  imported: false,
  delegated: false,
  recovery_method: 'privy-v2',
  ...seen,
})
const linked = (
  address: string,
  chainType: 'ethereum' | 'solana',
  client: string,
): ExternalWalletAccount => ({
  type: 'wallet',
  address,
  chain_type: chainType,
  wallet_client_type: client,
  connector_type: 'injected',
  ...seen,
})
const userWith = (...accounts: LinkedAccount[]): CharterUser => ({
  ...phoneUser,
  linked_accounts: [...phoneUser.linked_accounts, ...accounts],
})

const metamask = linked('0x71C7656EC7ab88b098defB751B7401B5f6d8976F', 'ethereum', 'metamask')
const phantom = linked('HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH', 'solana', 'phantom')
const evm0 = embedded('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'ethereum', 0)
const evm1 = embedded('0x1111111111111111111111111111111111111111', 'ethereum', 1)
const sol0 = embedded('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana', 0)

describe('the wallet Charter uses is the embedded one at index 0, never a linked one', () => {
  it('picks the embedded wallets at index 0 though linked wallets come first', () => {
    const user = userWith(metamask, phantom, evm1, sol0, evm0)
    expect(userWallets(user)).toEqual({ ethereum: evm0, solana: sol0 })
    expect(walletAddressFor(user, 'ethereum')).toBe(evm0.address)
    expect(walletAddressFor(user, 'solana')).toBe(sol0.address)
  })

  it('has no wallet of a chain type whose only wallet is a linked one', () => {
    const user = userWith(metamask, phantom)
    expect(userWallets(user)).toEqual({ ethereum: undefined, solana: undefined })
    expect(walletAddressFor(user, 'ethereum')).toBeUndefined()
  })
})
