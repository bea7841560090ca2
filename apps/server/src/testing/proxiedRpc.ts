import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import type { ApiClient } from './ApiClient.ts'
import type { Json } from './Json.ts'

/**
 * One JSON-RPC call to a chain through the server's own proxy (`/api/v1/rpc/<chain>`) with `api`'s session, as
 * the member's browser makes it: the node's `result`, or an error naming the method when the node answers one.
 */
export async function proxiedRpc(
  api: ApiClient,
  chain: number | 'devnet',
  method: string,
  params: unknown[],
): Promise<Json> {
  const answer = await api.post(`/api/v1/rpc/${chain}`, { jsonrpc: '2.0', id: 1, method, params })
  const body = JSON.parse(answer.text) as Json
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** `owner`'s balance of the ERC-20 `token` (USDC, say) on EVM chain `chainId`: its `balanceOf`, through the proxy. */
export const tokenBalance = async (
  api: ApiClient,
  chainId: number,
  token: Hex,
  owner: string,
): Promise<bigint> =>
  BigInt(
    await proxiedRpc(api, chainId, 'eth_call', [
      {
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] }),
      },
      'latest',
    ]),
  )
