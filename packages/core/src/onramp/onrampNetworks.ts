/** The on-ramp's names for the networks Charter can send it to (Coinbase's `defaultNetwork` values). */
export const onrampNetworks = [
  'ethereum',
  'arbitrum',
  'base',
  'optimism',
  'polygon',
  // Coinbase's own spelling; `avalanche-c-chain` is not a name it knows.
  'avacchain',
  'celo',
  'solana',
] as const

export type OnrampNetwork = (typeof onrampNetworks)[number]
