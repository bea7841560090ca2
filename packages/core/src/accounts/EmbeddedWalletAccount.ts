import type { UnixSeconds } from './UnixSeconds.ts'

export type WalletChainType = 'ethereum' | 'solana'

/**
 * Privy's recovery methods. Charter's server-held keys are recoverable on any device after login, which
 * Privy calls 'privy-v2'; the other values are listed so a Privy-made account still type-checks.
 */
export type WalletRecoveryMethod =
  | 'privy'
  | 'privy-v2'
  | 'user-passcode'
  | 'google-drive'
  | 'icloud'
  | 'recovery-encryption-key'

/** A wallet whose key the login provider holds for the user (Privy's embedded wallet). */
export type EmbeddedWalletAccount = {
  type: 'wallet'
  /** Privy's shape allows a wallet without an id (null); such a wallet is not recoverable. Charter sets one. */
  id: string | null
  /** 0x-prefixed checksummed address on Ethereum, base58 public key on Solana. */
  address: string
  chain_type: WalletChainType
  wallet_client_type: 'privy'
  connector_type: 'embedded'
  /** Position among the user's wallets of this chain type; the first one made is 0. */
  wallet_index: number
  imported: boolean
  delegated: boolean
  recovery_method: WalletRecoveryMethod
  /** When the wallet was made, which for an embedded wallet is when it was linked; the three are the same. */
  verified_at: UnixSeconds
  first_verified_at: UnixSeconds
  latest_verified_at: UnixSeconds
  /** Solana wallets only: the public key, which is also the address. */
  public_key?: string
}
