export { BaseError, type BaseErrorOptions } from './BaseError.ts'
export { getRpcErrorDefinition } from './getRpcErrorDefinition.ts'
export { isLoginErrorCode } from './isLoginErrorCode.ts'
export { type JsonRpcErrorCode, jsonRpcErrors } from './jsonRpcErrors.ts'
export { LoginError, type LoginErrorOptions } from './LoginError.ts'
export { type LoginErrorBody, loginErrorBody } from './loginErrorBody.ts'
export { type LoginErrorCode, loginErrorCodes } from './loginErrorCodes.ts'
export { loginErrorMessages } from './loginErrorMessages.ts'
export { type LoginErrorStatus, loginErrorStatuses } from './loginErrorStatuses.ts'
export { MustBeAuthenticatedError } from './MustBeAuthenticatedError.ts'
export { ProviderRpcError, type ProviderRpcErrorShape } from './ProviderRpcError.ts'
export { pendingWalletRequestHint } from './pendingWalletRequestHint.ts'
export { type ProviderRpcErrorFromCodeOptions, providerRpcErrorFromCode } from './providerRpcErrorFromCode.ts'
export type { RpcErrorDefinition } from './RpcErrorDefinition.ts'
export { StorageError } from './StorageError.ts'
export { signatureRejectedMessage } from './signatureRejectedMessage.ts'
export {
  type StorageErrorKind,
  type StorageErrorParameters,
  storageErrorMessage,
} from './storageErrorMessage.ts'
export { WalletProxyNotInitializedError } from './WalletProxyNotInitializedError.ts'
export { type WalletErrorCode, walletErrors } from './walletErrors.ts'
