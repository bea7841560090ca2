import { BaseError } from '@charter/core'

/**
 * An answer the local cluster gives as a JSON-RPC error object, in the code and wording the real Solana RPC uses
 * for the same fault (-32602 "Invalid param: WrongSize", -32002 "Transaction simulation failed: …"), so a client
 * that handles the real cluster's errors handles these.
 */
export class JsonRpcError extends BaseError {
  override name = 'JsonRpcError'
  readonly rpcCode: number
  readonly data: unknown

  constructor(rpcCode: number, message: string, data?: unknown) {
    super(message, { code: rpcCode })
    this.rpcCode = rpcCode
    this.data = data
  }
}

export const invalidParams = (message: string): JsonRpcError => new JsonRpcError(-32602, message)
