import { parseUnits } from 'viem'
import type { Chains } from '../chains/Chains.ts'
import type { Logger } from '../log/logger.ts'
import { readSponsorBalance } from './sponsorBalances.ts'

/** What the faucet gives the sponsor on a local devnet: 10 of the chain's coin (ETH, or SOL). */
const localFunding = { ethereum: parseUnits('10', 18), solana: parseUnits('10', 9) }

/**
 * Embedded mode: funds the sponsor from each local devnet's faucet, only where it holds less than the warning
 * threshold (a restart does not pile up coins). A chain that cannot be funded is logged, not fatal: the sponsor
 * then refuses nothing itself, the chain refuses its sends for want of gas, and /api/health warns.
 */
export async function fundSponsorLocally(options: {
  chains: Chains
  addresses: Record<'ethereum' | 'solana', string>
  thresholds: Record<'ethereum' | 'solana', bigint>
  logger: Logger
}): Promise<void> {
  for (const chain of options.chains.chains) {
    if (!chain.local) continue
    const chainType = chain.info.type
    const address = options.addresses[chainType]
    try {
      const balance = await readSponsorBalance(chain, address)
      if (balance >= options.thresholds[chainType]) continue
      await chain.local.fund(address, 'native', localFunding[chainType])
    } catch (error) {
      options.logger.warn('The sponsor could not be funded on a local devnet', {
        chain: chain.info.id,
        problem: error instanceof Error ? error.message : String(error),
      })
    }
  }
}
