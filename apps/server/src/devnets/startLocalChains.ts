import type { Logger } from '../log/logger.ts'
import { startEvmDevnet } from './evmDevnet/startEvmDevnet.ts'
import type { LocalChains } from './LocalChains.ts'
import { startSolanaDevnet } from './solanaDevnet/startSolanaDevnet.ts'

/**
 * Starts embedded mode's devnets side by side: anvil for Base Sepolia and Arbitrum Sepolia, LiteSVM for Solana.
 * When one fails, those that started are stopped again before the error goes on, so nothing is left running.
 */
export async function startLocalChains(options: { stateDir: string; logger: Logger }): Promise<LocalChains> {
  const { stateDir, logger } = options
  const [base, arbitrum, solana] = await Promise.allSettled([
    startEvmDevnet({ chainId: 84532, stateDir, logger }),
    startEvmDevnet({ chainId: 421614, stateDir, logger }),
    startSolanaDevnet({ stateDir, logger }),
  ])
  if (base.status === 'fulfilled' && arbitrum.status === 'fulfilled' && solana.status === 'fulfilled') {
    return { evm: { 84532: base.value, 421614: arbitrum.value }, solana: solana.value }
  }
  const settled = [base, arbitrum, solana]
  await Promise.allSettled(
    settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])),
  )
  throw settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))[0]
}
