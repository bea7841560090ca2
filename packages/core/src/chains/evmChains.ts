import type { ChainDefinition } from './ChainDefinition.ts'
import { arbitrum } from './definitions/arbitrum.ts'
import { arbitrumSepolia } from './definitions/arbitrumSepolia.ts'
import { avalanche } from './definitions/avalanche.ts'
import { avalancheFuji } from './definitions/avalancheFuji.ts'
import { base } from './definitions/base.ts'
import { baseSepolia } from './definitions/baseSepolia.ts'
import { celo } from './definitions/celo.ts'
import { linea } from './definitions/linea.ts'
import { mainnet } from './definitions/mainnet.ts'
import { optimism } from './definitions/optimism.ts'
import { optimismSepolia } from './definitions/optimismSepolia.ts'
import { polygon } from './definitions/polygon.ts'
import { polygonAmoy } from './definitions/polygonAmoy.ts'
import { sepolia } from './definitions/sepolia.ts'

/** Every EVM chain Charter supports, each mainnet followed by its testnet where it has one in the table. */
export const evmChains = [
  mainnet,
  sepolia,
  optimism,
  optimismSepolia,
  arbitrum,
  arbitrumSepolia,
  base,
  baseSepolia,
  avalanche,
  avalancheFuji,
  polygon,
  polygonAmoy,
  linea,
  celo,
] as const satisfies readonly ChainDefinition[]

export type SupportedChainId = (typeof evmChains)[number]['id']

/** One of `evmChains`, with viem's formatters and the chain's own literal fields. */
export type EvmChain = (typeof evmChains)[number]
