import { getRpcErrorDefinition } from './getRpcErrorDefinition.ts'
import type { JsonRpcErrorCode } from './jsonRpcErrors.ts'
import { ProviderRpcError } from './ProviderRpcError.ts'
import type { WalletErrorCode } from './walletErrors.ts'

export type ProviderRpcErrorFromCodeOptions = {
  /** Replaces the standard's text, e.g. to name the method that is not supported. */
  message?: string
  data?: unknown
  cause?: unknown
}

/** A `ProviderRpcError` for a standard code, worded as its standard words it unless a message is given. */
export function providerRpcErrorFromCode(
  code: WalletErrorCode | JsonRpcErrorCode,
  options: ProviderRpcErrorFromCodeOptions = {},
): ProviderRpcError {
  return new ProviderRpcError(code, options.message ?? getRpcErrorDefinition(code).message, {
    data: options.data,
    cause: options.cause,
  })
}
