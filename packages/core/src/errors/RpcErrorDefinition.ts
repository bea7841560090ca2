/** One row of a wallet or JSON-RPC error table. */
export type RpcErrorDefinition = {
  code: number
  /** The standard's name for the code, e.g. 'User Rejected Request'. */
  name: string
  /** What the code means, as the standard words it; the default `message` of a `ProviderRpcError`. */
  message: string
  /** Whether asking again, unchanged, may succeed (after the person acts, or after a wait). */
  retryable: boolean
}
