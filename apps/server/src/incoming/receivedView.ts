import { getChain, shortenAddress } from '@charter/core'
import type { Chains } from '../chains/Chains.ts'
import { explorerTxUrl } from '../chains/explorerTxUrl.ts'
import type { Db } from '../db/Database.ts'
import type { incomingReceipts } from '../db/schema.ts'
import { type Colleague, colleaguesOf } from '../organizations/colleagues.ts'
import { receivedSummary } from './receivedSummary.ts'

/** Money received, as an activity line and the home's news show it. */
export type Received = {
  /** The chain as GET /chains names it: '84532', 'devnet'. */
  chain_id: string
  asset: 'usdc' | 'native'
  /** 'USDC', 'ETH', 'SOL'. */
  symbol: string
  decimals: number
  /** Base units, decimal digits. */
  amount: string
  from_address: string
  /** The sender when they share an organisation with the member now; null for anyone else. */
  from: { user_id: string; label: string; organizations: string[] } | null
  tx_hash: string
  /** The transaction on its chain's explorer; null on a local devnet. */
  explorer_url: string | null
}

type ReceiptRow = Pick<
  typeof incomingReceipts.$inferSelect,
  'chainId' | 'asset' | 'amount' | 'fromAddress' | 'txHash'
>

/** Addresses compare as the chains do: any spelling of an EVM address, a Solana address exactly. */
const addressKey = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

/**
 * Who sent what a member received, as the member's colleagues are now (`colleaguesOf`): leaving an
 * organisation ends what it showed. Read once per request, only when something received is shown.
 */
export async function sendersFor(db: Db, userId: string): Promise<Map<string, Colleague>> {
  const senders = new Map<string, Colleague>()
  for (const colleague of await colleaguesOf(db, userId)) {
    for (const address of Object.values(colleague.wallets))
      if (address) senders.set(addressKey(address), colleague)
  }
  return senders
}

/** The coin's symbol and decimals on a chain the server offers, or on one it no longer does. */
function coinOf(chains: Chains, row: ReceiptRow): { symbol: string; decimals: number } {
  const chain = chains.find(row.chainId)
  if (row.asset === 'usdc') return { symbol: 'USDC', decimals: chain?.info.usdc?.decimals ?? 6 }
  if (chain) return { symbol: chain.info.nativeCurrency.symbol, decimals: chain.info.nativeCurrency.decimals }
  if (/^\d+$/.test(row.chainId)) {
    try {
      const { symbol, decimals } = getChain(Number(row.chainId)).nativeCurrency
      return { symbol, decimals }
    } catch {
      return { symbol: 'ETH', decimals: 18 }
    }
  }
  return { symbol: 'SOL', decimals: 9 }
}

/** A receipt as the member sees it, and its line's words: "Received 2.5 USDC from Ana Lopez". */
export function receivedView(
  chains: Chains,
  senders: Map<string, Colleague>,
  row: ReceiptRow,
): { received: Received; summary: string } {
  const { symbol, decimals } = coinOf(chains, row)
  const colleague = senders.get(addressKey(row.fromAddress))
  const chain = chains.find(row.chainId)
  const received: Received = {
    chain_id: row.chainId,
    asset: row.asset,
    symbol,
    decimals,
    amount: row.amount,
    from_address: row.fromAddress,
    from: colleague
      ? { user_id: colleague.user_id, label: colleague.label, organizations: colleague.organizations }
      : null,
    tx_hash: row.txHash,
    explorer_url: chain ? explorerTxUrl(chain.info, row.txHash) : null,
  }
  const who = colleague ? colleague.label : shortenAddress(row.fromAddress)
  return { received, summary: receivedSummary(BigInt(row.amount), decimals, symbol, who) }
}
