import {
  getRpcErrorDefinition,
  MustBeAuthenticatedError,
  ProviderRpcError,
  providerRpcErrorFromCode,
  WalletProxyNotInitializedError,
} from '@charter/core'
import { ApiError } from '../../../lib/api.ts'
import { isKeyRefusal } from '../../walletProxy/index.ts'

/**
 * Any failure of a provider request as an EIP-1193 `ProviderRpcError`: the wallet API's own codes (4100, 4200,
 * -32600, -32602) pass through with the server's words; a proxy that is not ready is 4900 (not connected), a
 * missing session or key 4100 (unauthorized), a refusal or a server fault the nearest JSON-RPC code.
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const options = { cause: error }
  if (error instanceof WalletProxyNotInitializedError)
    return new ProviderRpcError(4900, error.shortMessage, options)
  if (error instanceof MustBeAuthenticatedError || isKeyRefusal(error)) {
    return new ProviderRpcError(4100, error.shortMessage, options)
  }
  if (error instanceof ApiError) {
    if (typeof error.code === 'number' && getRpcErrorDefinition(error.code)) {
      return new ProviderRpcError(error.code, error.message, options)
    }
    if (error.status === 0) return new ProviderRpcError(4900, error.message, options)
    // The RPC proxy of a chain this server does not offer (any more): not connected to that chain.
    if (error.code === 'chain_not_offered') return new ProviderRpcError(4901, error.message, options)
    if (error.status === 401 || error.status === 404)
      return new ProviderRpcError(4100, error.message, options)
    if (error.status === 429) return new ProviderRpcError(-32005, error.message, options)
    if (error.status >= 400 && error.status < 500) return new ProviderRpcError(-32602, error.message, options)
    return new ProviderRpcError(-32603, error.message, options)
  }
  return providerRpcErrorFromCode(-32603, options)
}
