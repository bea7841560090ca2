import { type EvmChain, evmChains } from './evmChains.ts'
import { UnsupportedChainError } from './UnsupportedChainError.ts'

const chainsById: ReadonlyMap<number, EvmChain> = new Map(evmChains.map((chain) => [chain.id, chain]))

export function getChain(chainId: number): EvmChain {
  const chain = chainsById.get(chainId)
  if (!chain) throw new UnsupportedChainError(chainId)
  return chain
}
