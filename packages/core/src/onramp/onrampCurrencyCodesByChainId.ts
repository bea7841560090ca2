import type { SupportedChainId } from '../chains/evmChains.ts'
import type { OnrampAsset } from './OnrampAsset.ts'

/** The on-ramp's currency codes: asset plus network. */
export type OnrampCurrencyCode =
  | 'ETH_ETHEREUM'
  | 'ETH_ARBITRUM'
  | 'ETH_BASE'
  | 'MATIC_POLYGON'
  | 'AVAX_CCHAIN'
  | 'CELO_CELO'
  | 'USDC_ETHEREUM'
  | 'USDC_ARBITRUM'
  | 'USDC_BASE'
  | 'USDC_POLYGON'
  | 'USDC_OPTIMISM'

/**
 * The currency code per chain and asset; a pair that is missing has no code. USDC on Optimism is Charter's fix:
 * elsewhere it is "supported" but has no code, so the member is sold Ether on Ethereum instead.
 * Avalanche and Celo have no USDC code, matching the support rules, which do not sell USDC there.
 */
export const onrampCurrencyCodesByChainId = {
  1: { 'native-currency': 'ETH_ETHEREUM', USDC: 'USDC_ETHEREUM' },
  42161: { 'native-currency': 'ETH_ARBITRUM', USDC: 'USDC_ARBITRUM' },
  8453: { 'native-currency': 'ETH_BASE', USDC: 'USDC_BASE' },
  137: { 'native-currency': 'MATIC_POLYGON', USDC: 'USDC_POLYGON' },
  43114: { 'native-currency': 'AVAX_CCHAIN' },
  42220: { 'native-currency': 'CELO_CELO' },
  10: { USDC: 'USDC_OPTIMISM' },
} as const satisfies Partial<Record<SupportedChainId, Partial<Record<OnrampAsset, OnrampCurrencyCode>>>>
