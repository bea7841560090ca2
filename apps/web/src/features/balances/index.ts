export { chainLabel } from './chainLabel.ts'
export {
  type ChainBalance,
  type FaucetAsset,
  hasContractCode,
  type OfferedChain,
  type SolanaClusterName,
} from './chainsApi.ts'
export { chainsQueryOptions } from './chainsQueryOptions.ts'
export { isShownChain } from './isShownChain.ts'
export { useShowTestNetworks } from './useShowTestNetworks.ts'
export { WalletHome } from './WalletHome.tsx'
