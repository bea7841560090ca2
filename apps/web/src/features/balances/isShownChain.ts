import type { OfferedChain } from './chainsApi.ts'

/** Whether a chain is listed: real networks always; test and local ones on a local server or when asked for. */
export const isShownChain = (chain: OfferedChain, showTestNetworks: boolean) =>
  showTestNetworks || !(chain.testnet || chain.local)
