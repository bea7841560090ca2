export { describeCall } from './describe/describeCall.ts'
export type { SignatureRequest } from './describe/SignatureRequest.ts'
export type { SignatureWarning } from './describe/SignatureWarning.ts'
export { describeWalletError, type WalletErrorText } from './describeWalletError.ts'
export { deepFreeze } from './params/deepFreeze.ts'
export { type ServerTransaction, transactionParams } from './params/transactionParams.ts'
export type { WalletCall } from './params/WalletCall.ts'
export { postWalletCall } from './postWalletCall.ts'
export { createEvmProvider, type EvmProviderOptions } from './provider/createEvmProvider.ts'
export type {
  EvmProvider,
  EvmProviderEvent,
  EvmProviderListener,
  EvmProviderRequest,
} from './provider/EvmProvider.ts'
export { signatureRejectedError } from './provider/signatureRejectedError.ts'
export { SignatureStatus } from './SignatureStatus.tsx'
export { type ChainRead, fillSendFees } from './send/fillSendFees.ts'
// The Solana builders (`send/buildSolanaSend.ts`, `send/describeSolanaSend.ts`) are imported by path, so the
// Solana kit loads with the Send screen only.
export type { SolanaSendCall } from './send/SolanaSendCall.ts'
export { useElapsed } from './useElapsed.ts'
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
