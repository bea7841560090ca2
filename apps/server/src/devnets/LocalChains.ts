import type { LocalChain } from './LocalChain.ts'

/** The EVM test networks embedded mode stands in for with local devnets. */
export const embeddedEvmChainIds = [84532, 421614] as const
export type EmbeddedEvmChainId = (typeof embeddedEvmChainIds)[number]

/** The devnets embedded mode runs, already started (`startEvmDevnet`, `startSolanaDevnet`). */
export type LocalChains = {
  evm: Record<EmbeddedEvmChainId, LocalChain>
  /** The local Solana cluster, standing in for devnet. */
  solana: LocalChain
}
