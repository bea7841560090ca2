import { evmChains, type SupportedChainId } from './evmChains.ts'

const supportedChainIds: ReadonlySet<number> = new Set(evmChains.map((chain) => chain.id))

/** For ids that come from outside (a route parameter, a setting) before they are trusted. */
export function isSupportedChainId(chainId: number): chainId is SupportedChainId {
  return supportedChainIds.has(chainId)
}
