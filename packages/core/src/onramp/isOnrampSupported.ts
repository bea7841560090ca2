import type { Logger } from '../logger.ts'
import { getOnrampNetwork } from './getOnrampNetwork.ts'
import type { OnrampAsset } from './OnrampAsset.ts'
import type { OnrampNetwork } from './onrampNetworks.ts'
import { onrampSupportedNetworks } from './onrampSupportedNetworks.ts'

export type IsOnrampSupportedParameters = (
  | { chainId: number; network?: never }
  | { network: OnrampNetwork | (string & {}); chainId?: never }
) & {
  // `string & {}` keeps the editor's completions for the known assets while accepting whatever arrives.
  asset: OnrampAsset | (string & {})
}

/**
 * Whether the on-ramp sells `asset` on a chain (by id) or a network (by the on-ramp's name). A chain or network
 * it does not serve is simply unsupported; an asset it does not know is unsupported too, with a warning,
 * because that is a caller's mistake rather than a fact about a chain.
 */
export function isOnrampSupported(parameters: IsOnrampSupportedParameters, logger: Logger): boolean {
  const { asset } = parameters
  if (!isOnrampAsset(asset)) {
    logger.warn(`Asset "${asset}" is unknown to the on-ramp; treating it as unsupported`, { asset })
    return false
  }
  const network = parameters.chainId !== undefined ? getOnrampNetwork(parameters.chainId) : parameters.network
  if (network === undefined) return false
  return (onrampSupportedNetworks[asset] as readonly string[]).includes(network)
}

function isOnrampAsset(asset: string): asset is OnrampAsset {
  return Object.hasOwn(onrampSupportedNetworks, asset)
}
