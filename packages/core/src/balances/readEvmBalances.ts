import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  isAddress,
  isHex,
  parseAbi,
} from 'viem'
import type { EvmBalanceChain } from './BalanceChain.ts'
import type { Balances } from './ChainBalances.ts'
import type { JsonRpcClient, JsonRpcRequest } from './JsonRpcClient.ts'
import { jsonRpcResults, MalformedAnswer } from './jsonRpcResults.ts'
import { multicall3Address } from './multicall3Address.ts'

const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
])
const erc20Abi = parseAbi(['function balanceOf(address owner) view returns (uint256)'])
const usdcDecimals = 6

/**
 * One HTTP request: an `eth_call` of Multicall3's `aggregate3` with `getEthBalance(address)` and, when the chain
 * has USDC, `balanceOf(address)` (each allowed to fail on its own, so the answer says which failed); or, for a
 * chain without Multicall3, one JSON-RPC batch of `eth_getBalance` and that `eth_call`. Throws on any failure.
 */
export async function readEvmBalances(
  client: JsonRpcClient,
  chain: EvmBalanceChain,
  address: string,
): Promise<Balances> {
  if (!isAddress(address, { strict: false }))
    throw new MalformedAnswer(`${address.slice(0, 64)} is not an EVM address`)
  const owner = address as Address
  const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const multicall = chain.multicall3 === undefined ? multicall3Address : chain.multicall3
  if (multicall === null) return readWithBatch(client, chain, owner, balanceOf)

  const calls = [
    {
      target: multicall,
      allowFailure: true,
      callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] }),
    },
    ...(chain.usdc ? [{ target: chain.usdc, allowFailure: true, callData: balanceOf }] : []),
  ]
  const request: JsonRpcRequest = {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [
      {
        to: multicall,
        data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
      },
      'latest',
    ],
  }
  const [result] = jsonRpcResults([request], await client.request(chain.rpcUrl, request))
  const returned = decodeFunctionResult({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    data: hexData(result),
  })
  if (returned.length !== calls.length)
    throw new MalformedAnswer('Multicall3 answered the wrong number of calls')
  const [native, usdc] = returned
  if (!native?.success) throw new MalformedAnswer('getEthBalance failed')
  return {
    native: decodeUint(native.returnData, 'getEthBalance'),
    nativeDecimals: 18,
    usdc: usdc ? { amount: decodeSubcall(usdc), decimals: usdcDecimals } : null,
  }
}

async function readWithBatch(
  client: JsonRpcClient,
  chain: EvmBalanceChain,
  owner: Address,
  balanceOf: Hex,
): Promise<Balances> {
  const requests: JsonRpcRequest[] = [
    { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [owner, 'latest'] },
    ...(chain.usdc
      ? [
          {
            jsonrpc: '2.0' as const,
            id: 2,
            method: 'eth_call',
            params: [{ to: chain.usdc, data: balanceOf }, 'latest'],
          },
        ]
      : []),
  ]
  const [native, usdc] = jsonRpcResults(requests, await client.request(chain.rpcUrl, requests))
  return {
    native: quantity(native),
    nativeDecimals: 18,
    usdc: chain.usdc ? { amount: decodeUint(hexData(usdc), 'balanceOf'), decimals: usdcDecimals } : null,
  }
}

function decodeSubcall(result: { success: boolean; returnData: Hex }): bigint {
  if (!result.success) throw new MalformedAnswer('balanceOf failed')
  return decodeUint(result.returnData, 'balanceOf')
}

/** A uint256 return value: exactly 32 bytes (a call to an address without code returns none). */
function decodeUint(data: Hex, what: string): bigint {
  if (data.length !== 66)
    throw new MalformedAnswer(`${what} returned ${(data.length - 2) / 2} bytes, not a uint256`)
  return hexToBigInt(data)
}

function hexData(value: unknown): Hex {
  if (typeof value !== 'string' || !isHex(value, { strict: true }))
    throw new MalformedAnswer('eth_call returned no hex data')
  return value
}

/** An `eth_getBalance` quantity: 0x and hex digits, no leading zeros required (some nodes pad). */
function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new MalformedAnswer('eth_getBalance returned no quantity')
  }
  return BigInt(value)
}
