import { chainLabel, isShownChain, type OfferedChain } from '../balances/index.ts'
import type { ReceiveNetwork } from './ReceiveNetwork.ts'

/** Without the server's list (not loaded, or failed), each wallet still has its address to show. */
const byWallet: ReceiveNetwork[] = [
  { key: 'ethereum', type: 'ethereum', label: 'EVM networks' },
  { key: 'solana', type: 'solana', label: 'Solana' },
]

/** The networks to receive on: the chains the home lists (same rule for test networks), else one per wallet. */
export function receiveNetworks(
  chains: readonly OfferedChain[] | undefined,
  showTestNetworks: boolean,
): ReceiveNetwork[] {
  if (!chains) return byWallet
  const shown = chains.filter((chain) => isShownChain(chain, showTestNetworks))
  if (shown.length === 0) return byWallet
  return shown.map((chain) => ({ key: String(chain.id), type: chain.type, label: chainLabel(chain) }))
}
