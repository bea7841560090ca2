import type { OnrampAsset } from './OnrampAsset.ts'
import type { OnrampNetwork } from './onrampNetworks.ts'

/** The support rules: the networks where the on-ramp sells each asset (docs/onramp.md gives their source). */
export const onrampSupportedNetworks = {
  'native-currency': ['ethereum', 'arbitrum', 'base', 'polygon', 'avacchain', 'celo'],
  USDC: ['ethereum', 'arbitrum', 'base', 'polygon', 'optimism'],
} as const satisfies Record<OnrampAsset, readonly OnrampNetwork[]>
