import type { OnrampAsset } from './OnrampAsset.ts'
import type { OnrampNetwork } from './onrampNetworks.ts'

/** The spec's support rules: the networks on which the on-ramp sells each asset. */
export const onrampSupportedNetworks = {
  'native-currency': ['ethereum', 'arbitrum', 'base', 'polygon', 'avacchain', 'celo'],
  USDC: ['ethereum', 'arbitrum', 'base', 'polygon', 'optimism'],
} as const satisfies Record<OnrampAsset, readonly OnrampNetwork[]>
