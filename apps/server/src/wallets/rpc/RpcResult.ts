/** What a wallet method answers, and what goes in the owner's activity log about it. */
export type RpcResult = {
  /** The `data` of the answer `{method, data}`. */
  data: Record<string, unknown>
  /** What was signed; only its SHA-256 is kept. */
  signed: unknown
  /** A line a person reads in the activity list. */
  summary: string
}
