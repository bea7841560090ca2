export type { SignatureRequest } from './describe/SignatureRequest.ts'
export { describeWalletError, type WalletErrorText } from './describeWalletError.ts'
export { createEvmProvider, type EvmProviderOptions } from './provider/createEvmProvider.ts'
export type {
  EvmProvider,
  EvmProviderEvent,
  EvmProviderListener,
  EvmProviderRequest,
} from './provider/EvmProvider.ts'
export { SignatureStatus } from './SignatureStatus.tsx'
export { type UserWallets, userWallets } from './userWallets.ts'
export { type SignatureFlow, type SignatureFlowState, useSignatureFlow } from './useSignatureFlow.ts'
export { useWalletProxyState } from './useWalletProxyState.ts'
export { useWalletRuntime } from './useWalletRuntime.ts'
export { WalletErrorMessage } from './WalletErrorMessage.tsx'
export { chainTypeNames, WalletOverview } from './WalletOverview.tsx'
export { WalletPage } from './WalletPage.tsx'
export { WalletReady } from './WalletReady.tsx'
export { WalletSession } from './WalletSession.tsx'
export { type WalletRuntime, walletRuntimeFor } from './walletRuntime.ts'
