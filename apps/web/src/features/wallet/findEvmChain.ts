import { type EvmChain, evmChains } from '@charter/core'

/** The supported chain with this id, if Charter knows it. */
export const findEvmChain = (chainId: number): EvmChain | undefined =>
  evmChains.find((chain) => chain.id === chainId)

/** 'Base Sepolia', or 'chain 12345' for one Charter does not know. */
export const chainName = (chainId: number): string => findEvmChain(chainId)?.name ?? `chain ${chainId}`
