import { BaseError } from './BaseError.ts'
import { getRpcErrorDefinition } from './getRpcErrorDefinition.ts'

/** The plain EIP-1193 error shape, as it crosses a postMessage or a JSON-RPC answer. */
export type ProviderRpcErrorShape = { code: number; message: string; data?: unknown }

/**
 * An EIP-1193 `ProviderRpcError`: a numeric `code`, a `message` and optional `data`. It carries no `details`, so
 * `message` is exactly the text a dapp reads; extra facts go in `data`.
 */
export class ProviderRpcError extends BaseError {
  override name = 'ProviderRpcError'
  declare readonly code: number
  readonly data: unknown
  /** From the wallet and JSON-RPC tables; false for codes neither defines. */
  readonly retryable: boolean

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, { code, cause: options.cause })
    this.data = options.data
    this.retryable = getRpcErrorDefinition(code)?.retryable ?? false
  }

  /** The EIP-1193 shape, so `JSON.stringify` sends `{code, message, data}` and nothing of the stack. */
  toJSON(): ProviderRpcErrorShape {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}
