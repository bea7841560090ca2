import type { OnrampAsset, OnrampDefaultAsset, OnrampNetwork } from '@charter/core'

// The native coin of each network whose coin has an on-ramp asset id; the others (AVAX, CELO) have none, so
// their link preselects the network only and the member picks the coin on the page.
const nativeSymbols: Partial<Record<OnrampNetwork, OnrampDefaultAsset>> = {
  ethereum: 'ETH',
  arbitrum: 'ETH',
  base: 'ETH',
  optimism: 'ETH',
  polygon: 'POL',
  solana: 'SOL',
}

/** The symbol the link and init name an asset by on `network`, or undefined where it has no on-ramp id. */
export function onrampAssetSymbol(
  asset: OnrampAsset,
  network: OnrampNetwork,
): OnrampDefaultAsset | undefined {
  return asset === 'USDC' ? 'USDC' : nativeSymbols[network]
}
