import type { Wallet } from '@wallet-standard/base'

/** What an EIP-1193 provider must answer for a sign-in: `request`, which rejects with `{code, message}`. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
}

/** A wallet in this browser that announced itself through EIP-6963. */
export type EthereumBrowserWallet = {
  family: 'ethereum'
  /** The announcement's `uuid`: one per page load, so two installs of one wallet stay apart. */
  id: string
  name: string
  /** A `data:image/…` URI, or '' when the wallet gave none this page can show. */
  icon: string
  rdns: string
  provider: Eip1193Provider
}

/** A Solana wallet registered through the wallet standard, with `standard:connect` and a way to sign in. */
export type SolanaBrowserWallet = {
  family: 'solana'
  id: string
  name: string
  icon: string
  wallet: Wallet
}

/** A wallet the member already holds, found in this browser. */
export type BrowserWallet = EthereumBrowserWallet | SolanaBrowserWallet
