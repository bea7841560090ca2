import type { ChainDefinition } from './ChainDefinition.ts'
import { getChain } from './getChain.ts'

/** Whether a chain is a test network; an id must be one Charter supports. */
export function isTestnet(chain: Pick<ChainDefinition, 'testnet'> | number): boolean {
  const { testnet } = typeof chain === 'number' ? getChain(chain) : chain
  return testnet === true
}
