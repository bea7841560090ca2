import type { OfferedChain } from './chainsApi.ts'

/** 'Base Sepolia (local devnet)': a local chain always says so, so nobody takes its funds for real ones. */
export const chainLabel = (chain: Pick<OfferedChain, 'name' | 'local'>) =>
  chain.local ? `${chain.name} (local devnet)` : chain.name
