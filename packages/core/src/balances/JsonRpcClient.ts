/** One JSON-RPC 2.0 call as sent on the wire. */
export type JsonRpcRequest = {
  jsonrpc: '2.0'
  id: number
  method: string
  params: readonly unknown[]
}

/**
 * What the balance reader needs from the outside world: one call is one HTTP POST of `body` (a single request or
 * a batch) to `url`, resolving to the parsed JSON answer as it came (unchecked; the reader checks it), and
 * rejecting when no JSON answer came (network, HTTP status, timeout). The server passes one over `fetch` with a
 * timeout; the web one over its own origin's proxy; tests one that answers canned values. Core does no I/O.
 */
export type JsonRpcClient = {
  request(url: string, body: JsonRpcRequest | readonly JsonRpcRequest[]): Promise<unknown>
}
