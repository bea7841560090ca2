import type { Logger } from '../logger.ts'
import type { OnrampAsset } from './OnrampAsset.ts'
import { type OnrampCurrencyCode, onrampCurrencyCodesByChainId } from './onrampCurrencyCodesByChainId.ts'

export type OnrampCurrencyCodeParameters = {
  chainId: number
  asset: OnrampAsset | (string & {})
}

const fallbackCode = 'ETH_ETHEREUM' satisfies OnrampCurrencyCode

/**
 * The on-ramp currency code for an asset on a chain (docs/onramp.md). Where there is none it falls back to
 * Ethereum mainnet's native code, with a warning, since the member would then be offered something other than
 * they asked.
 */
export function onrampCurrencyCode(
  { chainId, asset }: OnrampCurrencyCodeParameters,
  logger: Logger,
): OnrampCurrencyCode {
  const codes: Partial<Record<string, OnrampCurrencyCode>> | undefined = Object.hasOwn(
    onrampCurrencyCodesByChainId,
    chainId,
  )
    ? onrampCurrencyCodesByChainId[chainId as keyof typeof onrampCurrencyCodesByChainId]
    : undefined
  const code = codes && Object.hasOwn(codes, asset) ? codes[asset] : undefined
  if (code !== undefined) return code
  logger.warn(
    `No on-ramp currency code for ${asset} on chain ${chainId}; defaulting to ${fallbackCode} (Ethereum mainnet)`,
    { chainId, asset, fallback: fallbackCode },
  )
  return fallbackCode
}
