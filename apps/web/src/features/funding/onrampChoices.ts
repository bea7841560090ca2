import { isOnrampNetwork, isOnrampSupported, type Logger, type OnrampAsset } from '@charter/core'
import type { OfferedChain } from '../balances/index.ts'
import type { OnrampChainChoice, OnrampOffer, OnrampRefusal } from './OnrampChoice.ts'
import { onrampAssetSymbol } from './onrampAssetSymbol.ts'
import { onrampNetworkNames } from './onrampNetworkNames.ts'

const symbolOf = (chain: OfferedChain, asset: OnrampAsset) =>
  asset === 'USDC' ? 'USDC' : chain.nativeCurrency.symbol

/** Why a chain has no on-ramp network at all: a test network never has one; a mainnet the on-ramp skips. */
const noNetworkReason = (chain: OfferedChain) =>
  chain.testnet || chain.local
    ? `${chain.name} is a test network: the on-ramp sells real funds only, so it has no on-ramp network.`
    : `The on-ramp does not serve ${chain.name}.`

/**
 * What each of the member's chains can be topped up with through the on-ramp, by the core's support rules, for
 * USDC (where the chain has it) and the chain's own coin; and, for what cannot, the reason in words. A chain
 * without the member's address of its type is left out: there is nowhere to send the funds.
 */
export function onrampChoices(
  chains: readonly OfferedChain[],
  addressFor: (type: OfferedChain['type']) => string | undefined,
  logger: Logger,
): OnrampChainChoice[] {
  return chains.flatMap((chain) => {
    const address = addressFor(chain.type)
    if (address === undefined) return []
    const assets: OnrampAsset[] = chain.usdc ? ['USDC', 'native-currency'] : ['native-currency']
    const network = isOnrampNetwork(chain.onramp_network) ? chain.onramp_network : undefined
    const offers: OnrampOffer[] = []
    const refused: OnrampAsset[] = []
    for (const asset of assets) {
      if (network !== undefined && isOnrampSupported({ network, asset }, logger)) {
        offers.push({
          key: `${chain.id}:${asset}`,
          chain,
          network,
          asset,
          symbol: symbolOf(chain, asset),
          linkAsset: onrampAssetSymbol(asset, network),
          address,
        })
      } else {
        refused.push(asset)
      }
    }
    const refusals: OnrampRefusal[] =
      refused.length === 0
        ? []
        : offers.length === 0
          ? [
              {
                key: String(chain.id),
                chain,
                subject: chain.name,
                reason:
                  network === undefined
                    ? noNetworkReason(chain)
                    : `${onrampNetworkNames[network]} is not among the networks the on-ramp’s rules cover.`,
              },
            ]
          : refused.map((asset) => ({
              key: `${chain.id}:${asset}`,
              chain,
              subject: `${symbolOf(chain, asset)} on ${chain.name}`,
              reason: `The on-ramp’s rules do not cover ${symbolOf(chain, asset)} on ${network === undefined ? chain.name : onrampNetworkNames[network]}.`,
            }))
    return [{ chain, offers, refusals }]
  })
}
