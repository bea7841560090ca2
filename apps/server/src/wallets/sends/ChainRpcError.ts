/** A chain's node answered a JSON-RPC error (or nothing usable): its message, for the caller to read. */
export class ChainRpcError extends Error {
  override readonly name = 'ChainRpcError'
  readonly code: number | undefined

  constructor(message: string, code?: number) {
    super(message)
    this.code = code
  }
}
