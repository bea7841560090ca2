import type { SolanaBalanceChain } from './BalanceChain.ts'
import type { Balances } from './ChainBalances.ts'
import type { JsonRpcClient, JsonRpcRequest } from './JsonRpcClient.ts'
import { asObject, jsonRpcResults, MalformedAnswer } from './jsonRpcResults.ts'

const lamportDecimals = 9

/**
 * One JSON-RPC batch: `getBalance`, and when the cluster has USDC `getTokenAccountsByOwner` (the mint's accounts,
 * jsonParsed) and `getAccountInfo` of the mint (its decimals). An owner may hold several accounts of one mint:
 * their `amount` strings are summed as bigints (never `uiAmount`, a float that loses precision past 2^53).
 * Throws on any failure.
 */
export async function readSolanaBalances(
  client: JsonRpcClient,
  chain: SolanaBalanceChain,
  address: string,
): Promise<Balances> {
  const parsed = { encoding: 'jsonParsed' }
  const requests: JsonRpcRequest[] = [
    { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] },
    ...(chain.usdcMint
      ? [
          {
            jsonrpc: '2.0' as const,
            id: 2,
            method: 'getTokenAccountsByOwner',
            params: [address, { mint: chain.usdcMint }, parsed],
          },
          { jsonrpc: '2.0' as const, id: 3, method: 'getAccountInfo', params: [chain.usdcMint, parsed] },
        ]
      : []),
  ]
  const [balance, accounts, mint] = jsonRpcResults(requests, await client.request(chain.rpcUrl, requests))
  return {
    native: lamports(asObject(balance, 'getBalance').value),
    nativeDecimals: lamportDecimals,
    usdc: chain.usdcMint ? { amount: sumTokenAccounts(accounts), decimals: mintDecimals(mint) } : null,
  }
}

function lamports(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new MalformedAnswer('getBalance returned no lamports')
  }
  return BigInt(value)
}

function sumTokenAccounts(result: unknown): bigint {
  const list = asObject(result, 'getTokenAccountsByOwner').value
  if (!Array.isArray(list)) throw new MalformedAnswer('getTokenAccountsByOwner returned no list')
  let sum = 0n
  for (const entry of list) {
    const info = parsedInfo(asObject(entry, 'a token account').account, 'a token account')
    const amount = asObject(info.tokenAmount, 'tokenAmount').amount
    if (typeof amount !== 'string' || !/^\d{1,40}$/.test(amount)) {
      throw new MalformedAnswer('a token account has no amount')
    }
    sum += BigInt(amount)
  }
  return sum
}

function mintDecimals(result: unknown): number {
  const account = asObject(result, 'getAccountInfo').value
  if (account === null) throw new MalformedAnswer('the USDC mint does not exist on this cluster')
  const decimals = parsedInfo(account, 'the mint').decimals
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new MalformedAnswer('the mint has no decimals')
  }
  return decimals
}

/** `account.data.parsed.info` of a jsonParsed account. */
function parsedInfo(account: unknown, what: string): Record<string, unknown> {
  const data = asObject(asObject(account, what).data, `${what}'s data`)
  return asObject(asObject(data.parsed, `${what}'s parsed data`).info, `${what}'s info`)
}
