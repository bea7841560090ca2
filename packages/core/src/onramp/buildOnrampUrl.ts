import { coinbaseOnrampBaseUrl } from './coinbaseOnrampBaseUrl.ts'
import { InvalidOnrampParameterError } from './InvalidOnrampParameterError.ts'
import { isOnrampNetwork } from './isOnrampNetwork.ts'
import { MissingOnrampParameterError } from './MissingOnrampParameterError.ts'
import { normalizeOnrampAmount } from './normalizeOnrampAmount.ts'
import { type OnrampDefaultAsset, onrampDefaultAssetIds } from './onrampDefaultAssetIds.ts'
import { type OnrampNetwork, onrampNetworks } from './onrampNetworks.ts'
import { type OnrampExperience, onrampPaymentMethodByExperience } from './onrampPaymentMethodByExperience.ts'

export type BuildOnrampUrlParameters = {
  /** The on-ramp project's app id; also names the end partner as `privy:<appId>`. */
  appId: string
  /** Minted server-side for this one link: single use, valid for 5 minutes. */
  sessionToken: string
  defaultExperience: OnrampExperience
  /** A crypto amount such as "0.5" or ".5"; see `normalizeOnrampAmount`. */
  presetCryptoAmount?: string | undefined
  /** The on-ramp's network name; `getOnrampNetwork` gives it for a chain id. */
  network?: OnrampNetwork | undefined
  asset?: OnrampDefaultAsset | undefined
  /** Lets the caller look the purchase up later; the on-ramp hands it back unchanged. */
  partnerUserId?: string | undefined
  /**
   * Where the on-ramp is served, e.g. Charter's sandbox page instead of Coinbase: an http(s) origin, optionally
   * with a path, or a root-relative path. `/buy/select-asset` and the query are added to it.
   */
  baseUrl?: string | undefined
}

const buyPath = '/buy/select-asset'
// Only used to parse a root-relative base URL; never part of the result.
const relativeBase = 'http://relative.invalid'

/**
 * The link that opens the on-ramp's buy page with everything preselected. Optional inputs that are blank are left
 * out, so an empty form field lets the member choose on the page; required ones that are blank throw.
 */
export function buildOnrampUrl(parameters: BuildOnrampUrlParameters): string {
  const appId = requireText(parameters.appId, 'appId')
  const sessionToken = requireText(parameters.sessionToken, 'sessionToken')
  const defaultExperience = requireExperience(parameters.defaultExperience)

  const query = new URLSearchParams({
    appId,
    sessionToken,
    endPartnerName: `privy:${appId}`,
    defaultExperience,
  })
  if (isSet(parameters.presetCryptoAmount)) {
    query.set('presetCryptoAmount', normalizeOnrampAmount(parameters.presetCryptoAmount))
  }
  if (isSet(parameters.network)) query.set('defaultNetwork', requireNetwork(parameters.network))
  query.set('defaultPaymentMethod', onrampPaymentMethodByExperience[defaultExperience])
  if (isSet(parameters.asset)) query.set('defaultAsset', requireAssetId(parameters.asset))
  if (isSet(parameters.partnerUserId)) query.set('partnerUserId', parameters.partnerUserId.trim())

  return `${resolveBaseUrl(parameters.baseUrl)}${buyPath}?${query}`
}

function isSet(value: string | undefined): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

function requireText(value: string | undefined, parameter: string): string {
  if (!isSet(value)) throw new MissingOnrampParameterError(parameter)
  return value.trim()
}

function requireExperience(value: string | undefined): OnrampExperience {
  const experience = requireText(value, 'defaultExperience')
  if (!Object.hasOwn(onrampPaymentMethodByExperience, experience)) {
    throw new InvalidOnrampParameterError({
      parameter: 'defaultExperience',
      reason: `Expected "buy" or "send", got "${experience}".`,
    })
  }
  return experience as OnrampExperience
}

function requireNetwork(value: string): OnrampNetwork {
  const network = value.trim()
  if (!isOnrampNetwork(network)) {
    throw new InvalidOnrampParameterError({
      parameter: 'defaultNetwork',
      reason: `"${network}" is not an on-ramp network; expected one of ${onrampNetworks.join(', ')}.`,
    })
  }
  return network
}

function requireAssetId(value: string): string {
  const asset = value.trim()
  if (!Object.hasOwn(onrampDefaultAssetIds, asset)) {
    throw new InvalidOnrampParameterError({
      parameter: 'defaultAsset',
      reason: `"${asset}" has no on-ramp asset id; expected one of ${Object.keys(onrampDefaultAssetIds).join(', ')}.`,
    })
  }
  return onrampDefaultAssetIds[asset as OnrampDefaultAsset]
}

function resolveBaseUrl(baseUrl: string | undefined): string {
  if (!isSet(baseUrl)) return coinbaseOnrampBaseUrl
  const trimmed = baseUrl.trim()
  const isRelative = trimmed.startsWith('/') && !trimmed.startsWith('//')
  let url: URL
  try {
    url = new URL(trimmed, isRelative ? relativeBase : undefined)
  } catch (cause) {
    throw invalidBaseUrl('It is not a URL.', cause)
  }
  if (!isRelative && url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidBaseUrl(`Its scheme ${url.protocol} is not http or https.`)
  }
  // The link's own query would be appended after it and a fragment would swallow it.
  if (url.search !== '' || url.hash !== '') throw invalidBaseUrl('It has a query or a fragment.')
  const path = url.pathname.replace(/\/+$/, '')
  return isRelative ? path : `${url.origin}${path}`
}

function invalidBaseUrl(reason: string, cause?: unknown): InvalidOnrampParameterError {
  return new InvalidOnrampParameterError({
    parameter: 'baseUrl',
    reason: `${reason} Expected an http(s) URL or a path starting with "/", e.g. "https://pay.coinbase.com".`,
    cause,
  })
}
