/** A member of an organisation the recipient shares, as the server names them: a name, else a phone or email. */
export type KnownSender = { user_id: string; label: string; organizations: string[] }

/**
 * Money that arrived in one of the member's wallets, as the server read it from the chain
 * (`GET /api/v1/wallets/activity`'s `received`, and each item of `GET /api/v1/wallets/received/news`).
 */
export type ReceivedMoney = {
  /** The chain as `GET /api/v1/chains` names it: '84532', 'devnet'. */
  chain_id: string
  asset: 'usdc' | 'native'
  symbol: string
  decimals: number
  /** Base units, as a decimal string (a bigint does not travel in JSON). */
  amount: string
  from_address: string
  /** Who sent it when they share an organisation with the member; null for anyone else. */
  from: KnownSender | null
  tx_hash: string
  explorer_url: string | null
}

/** Money that arrived and has not been announced yet: `id` to mark it seen, `created_at` its block time. */
export type ReceivedNews = ReceivedMoney & { id: number; created_at: number }
