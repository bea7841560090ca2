import { api } from '../../lib/api.ts'
import type { WalletActivity } from './WalletActivity.ts'

/** The signed-in user's signatures and exports, newest first. */
export async function getActivity(): Promise<WalletActivity[]> {
  return (await api<{ activity: WalletActivity[] }>('/api/v1/wallets/activity')).activity
}
