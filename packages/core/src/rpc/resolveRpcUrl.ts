import type { ChainDefinition } from '../chains/ChainDefinition.ts'
import { NoRpcUrlError } from './NoRpcUrlError.ts'
import { providerRpcUrlForChain } from './providerRpcUrlForChain.ts'

export type ResolveRpcUrlParameters = {
  /** Any viem chain will do; only its id and RPC URLs are read. */
  chain: Pick<ChainDefinition, 'id' | 'rpcUrls'>
  /** The wallet provider's own URL for this chain; wins over everything. */
  walletRpcOverride?: string | undefined
  /** The app's per-chain settings, keyed by chain id. */
  appRpcUrls?: Readonly<Record<number, string>> | undefined
  /**
   * The embedded-wallet provider's RPC proxy as a template with `{chainId}`, absolute or root-relative,
   * e.g. `rpcProxyUrlTemplate` ('/api/v1/rpc/{chainId}') for Charter's own server.
   */
  providerRpcUrl?: string | undefined
  /** Sent to the provider's proxy as the `privyAppId` query parameter. */
  appId?: string | undefined
}

/**
 * The RPC URL to use for a chain, in the order of docs/chains.md: the wallet provider's override, the app's
 * per-chain URL, the embedded-wallet provider's proxy, the chain's public URL, its default URL.
 * A blank string counts as not set, so an empty setting falls through instead of breaking requests.
 */
export function resolveRpcUrl({
  chain,
  walletRpcOverride,
  appRpcUrls,
  providerRpcUrl,
  appId,
}: ResolveRpcUrlParameters): string {
  if (isSet(walletRpcOverride)) return walletRpcOverride

  const appRpcUrl = appRpcUrls?.[chain.id]
  if (isSet(appRpcUrl)) return appRpcUrl

  if (isSet(providerRpcUrl)) return providerRpcUrlForChain(providerRpcUrl, chain.id, appId?.trim())

  const publicUrl = chain.rpcUrls.public?.http[0]
  if (isSet(publicUrl)) return publicUrl

  const defaultUrl = chain.rpcUrls.default.http[0]
  if (isSet(defaultUrl)) return defaultUrl

  throw new NoRpcUrlError(chain.id)
}

function isSet(url: string | undefined): url is string {
  return url !== undefined && url.trim() !== ''
}
