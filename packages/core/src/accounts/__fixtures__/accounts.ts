import type { CharterUser } from '../CharterUser.ts'
import type { EmailAccount } from '../EmailAccount.ts'
import type { EmbeddedWalletAccount } from '../EmbeddedWalletAccount.ts'
import type { ExternalWalletAccount } from '../ExternalWalletAccount.ts'
import type { PhoneAccount } from '../PhoneAccount.ts'

// 2024-11-22T10:00:00Z and a day later, in Unix seconds.
const linkedAt = 1_732_269_600
const lastLogin = 1_732_356_000

export const phone: PhoneAccount = {
  type: 'phone',
  phoneNumber: '+14155550100',
  verified_at: linkedAt,
  first_verified_at: linkedAt,
  latest_verified_at: lastLogin,
}

export const email: EmailAccount = {
  type: 'email',
  address: 'ada@example.org',
  verified_at: linkedAt,
  first_verified_at: linkedAt,
  latest_verified_at: lastLogin,
}

export const evmWallet: EmbeddedWalletAccount = {
  type: 'wallet',
  id: 'wallet-evm-0',
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  chain_type: 'ethereum',
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  wallet_index: 0,
  imported: false,
  delegated: false,
  recovery_method: 'privy-v2',
  verified_at: linkedAt,
  first_verified_at: linkedAt,
  latest_verified_at: linkedAt,
}

export const solanaWallet: EmbeddedWalletAccount = {
  type: 'wallet',
  id: 'wallet-sol-0',
  address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  chain_type: 'solana',
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  wallet_index: 0,
  imported: false,
  delegated: false,
  recovery_method: 'privy-v2',
  verified_at: linkedAt,
  first_verified_at: linkedAt,
  latest_verified_at: linkedAt,
  public_key: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
}

export const externalEvmWallet: ExternalWalletAccount = {
  type: 'wallet',
  address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  chain_type: 'ethereum',
  wallet_client_type: 'metamask',
  connector_type: 'injected',
  verified_at: linkedAt,
  first_verified_at: linkedAt,
  latest_verified_at: lastLogin,
}

export const externalSolanaWallet: ExternalWalletAccount = {
  type: 'wallet',
  address: 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH',
  chain_type: 'solana',
  wallet_client_type: 'phantom',
  connector_type: 'injected',
  verified_at: linkedAt,
  first_verified_at: linkedAt,
  latest_verified_at: lastLogin,
}

export function wallet(overrides: Partial<EmbeddedWalletAccount>): EmbeddedWalletAccount {
  return { ...evmWallet, ...overrides }
}

export const user: CharterUser = {
  id: 'did:privy:cm3np4u9j001rc8b73seqmqqk',
  created_at: linkedAt,
  linked_accounts: [phone, email, solanaWallet, evmWallet],
  mfa_methods: [],
  is_guest: false,
  has_accepted_terms: true,
}
