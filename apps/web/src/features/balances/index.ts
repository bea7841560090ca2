export { balanceQueryOptions, balanceQueryPrefix } from './balanceQueryOptions.ts'
export { balanceRefreshMs } from './balanceRefreshMs.ts'
export type { ChainBalanceState } from './ChainBalance.ts'
export { chainLabel } from './chainLabel.ts'
export {
  callChainRpc,
  type FaucetAsset,
  hasContractCode,
  type OfferedChain,
  readChainBalances,
} from './chainsApi.ts'
export { chainsQueryOptions } from './chainsQueryOptions.ts'
export { isShownChain } from './isShownChain.ts'
export { useChainBalances } from './useChainBalances.ts'
export { useShowTestNetworks } from './useShowTestNetworks.ts'
export { useTestFunds } from './useTestFunds.ts'
export { WalletHome } from './WalletHome.tsx'
export { walletAddressFor } from './walletAddressFor.ts'
