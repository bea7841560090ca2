import type { UnixSeconds, WalletChainType } from '@charter/core'

/** One line of the user's wallet activity, as `GET /api/v1/wallets/activity` answers it. */
export type WalletActivity = {
  id: string
  wallet_id: string
  address: string
  chain_type: WalletChainType
  /** `decline`: the member pressed Reject; nothing was signed. */
  kind: 'signature' | 'export' | 'decline'
  method: string
  /** SHA-256 (hex) of what was signed or exported; the thing itself is never kept. */
  digest: string
  summary: string
  created_at: UnixSeconds
}
