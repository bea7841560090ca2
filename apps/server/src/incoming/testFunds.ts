import type { ServedChain } from '../chains/ServedChain.ts'
import type { FoundReceipt } from './receiptStore.ts'

/**
 * The receipts that are payments: on a local devnet, credits from its faucet ("Get test funds", which the member
 * asked for and sees land on the spot) are left out, so the home never announces "You received 10 USDC from
 * 0x0000…0000". A remote chain has no faucet of Charter's: every receipt stands.
 */
export function withoutTestFunds(chain: ServedChain, found: readonly FoundReceipt[]): FoundReceipt[] {
  const faucet = new Set((chain.local?.faucetSenders ?? []).map((address) => address.toLowerCase()))
  return found.filter((receipt) => !faucet.has(receipt.fromAddress.toLowerCase()))
}
