import { BaseError, getRpcErrorDefinition } from '@charter/core'

/**
 * A wallet API failure with an EIP-1193 or JSON-RPC code of the catalogue (4100, 4200, -32600, -32602, …),
 * answered as `{error, code}` with its HTTP status.
 */
export class WalletApiError extends BaseError {
  override name = 'WalletApiError'
  declare readonly code: number
  readonly status: 400 | 401 | 403 | 409 | 429 | 502

  constructor(code: number, status: 400 | 401 | 403 | 409 | 429 | 502, message?: string) {
    super(message ?? getRpcErrorDefinition(code)?.message ?? 'The wallet request failed.', { code })
    this.status = status
  }
}
