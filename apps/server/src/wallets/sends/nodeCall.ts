import { UpstreamError } from '../../chains/UpstreamError.ts'
import { WalletApiError } from '../../http/WalletApiError.ts'
import { ChainRpcError } from './ChainRpcError.ts'
import type { ChainRpc } from './chainRpc.ts'

/** A node call whose failure is the node's, not the caller's: answered 502 with its message. */
export async function nodeCall<T>(rpc: ChainRpc, method: string, params: unknown[]): Promise<T> {
  try {
    return await rpc<T>(method, params)
  } catch (error) {
    if (error instanceof ChainRpcError || error instanceof UpstreamError) {
      throw new WalletApiError(-32603, 502, `The chain's node could not answer ${method}: ${error.message}`)
    }
    throw error
  }
}
