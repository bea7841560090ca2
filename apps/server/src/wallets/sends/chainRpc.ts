import { postJsonRpc } from '../../chains/postJsonRpc.ts'
import { ChainRpcError } from './ChainRpcError.ts'

/** One JSON-RPC call to a chain's node: its `result`, or `ChainRpcError` with the node's message. */
export type ChainRpc = <T = unknown>(method: string, params: unknown[]) => Promise<T>

/** JSON-RPC to the node at `rpcUrl` (only the server knows it), over the chains' bounded `postJsonRpc`. */
export function chainRpc(rpcUrl: string): ChainRpc {
  let id = 0
  return async <T>(method: string, params: unknown[]) => {
    id += 1
    const answer = (await postJsonRpc(rpcUrl, { jsonrpc: '2.0', id, method, params })) as {
      result?: unknown
      error?: { code?: number; message?: string }
    }
    if (answer?.error) {
      throw new ChainRpcError(answer.error.message ?? `${method} failed`, answer.error.code)
    }
    if (!answer || !('result' in answer)) throw new ChainRpcError(`${method}: the node answered no result`)
    return answer.result as T
  }
}
