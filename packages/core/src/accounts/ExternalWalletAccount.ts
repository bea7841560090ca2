import type { WalletChainType } from './EmbeddedWalletAccount.ts'
import type { UnixSeconds } from './UnixSeconds.ts'

/**
 * A wallet the user holds themselves (a browser wallet such as MetaMask or Phantom), linked by signing a sign-in
 * message with it. The login provider holds no key of it, so it has no id, index or recovery method: it proves
 * who the user is, as a phone number does, and never signs anything for Charter.
 */
export type ExternalWalletAccount = {
  type: 'wallet'
  /** EIP-55 checksummed on Ethereum, the base58 public key on Solana. */
  address: string
  chain_type: WalletChainType
  /** The wallet app of the latest signature, as the client named it: 'metamask', 'phantom', …; never 'privy'. */
  wallet_client_type: string
  /** How the client reached it at the latest signature: 'injected' for a wallet found in the browser. */
  connector_type: string
  /** When the wallet was linked to the user. */
  verified_at: UnixSeconds
  first_verified_at: UnixSeconds
  /** Moves on with every sign-in by this wallet. */
  latest_verified_at: UnixSeconds
}
