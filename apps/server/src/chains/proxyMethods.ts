/**
 * The JSON-RPC methods the RPC proxy forwards: reads, fee estimates, and the sending of a transaction the
 * member's wallet already signed. Nothing that signs with a node's keys (eth_sign, eth_sendTransaction,
 * personal_*), administers a node (admin_*, debug_*, anvil_*, hardhat_*, evm_*), subscribes, or walks a
 * whole program's accounts. This file is the whole list: a method not here is answered -32601 naming it.
 */
export const evmProxyMethods: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'net_version',
  'web3_clientVersion',
  'eth_sendRawTransaction',
])

export const solanaProxyMethods: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
])

/** Allowed on a local devnet only, where test SOL costs nothing; a real cluster's airdrop is not ours to spend. */
export const localOnlyProxyMethods: ReadonlySet<string> = new Set(['requestAirdrop'])

/** The widest block range one eth_getLogs may ask for: a bigger one is a scan of the chain, not a wallet's read. */
export const maxLogBlockRange = 10_000n

export function isProxiedMethod(type: 'ethereum' | 'solana', method: string, local: boolean): boolean {
  if (local && localOnlyProxyMethods.has(method)) return true
  return (type === 'ethereum' ? evmProxyMethods : solanaProxyMethods).has(method)
}

const blockNumber = (value: unknown): bigint | undefined =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value) ? BigInt(value) : undefined

/**
 * Why an allowed method's params are refused, or undefined. Only eth_getLogs is bounded: by block hash, or a
 * range of at most `maxLogBlockRange` blocks given by numbers (`earliest`, or a range left open, is refused).
 */
export function paramsProblem(method: string, params: unknown): string | undefined {
  if (method !== 'eth_getLogs') return undefined
  const filter = Array.isArray(params) ? params[0] : undefined
  if (typeof filter !== 'object' || filter === null) return 'eth_getLogs needs a filter object'
  const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>
  if (blockHash !== undefined) return undefined
  const from = blockNumber(fromBlock)
  const to = blockNumber(toBlock)
  if (from === undefined || to === undefined) {
    return 'eth_getLogs through this proxy needs fromBlock and toBlock as block numbers (or a blockHash)'
  }
  if (to < from || to - from >= maxLogBlockRange) {
    return `eth_getLogs may span at most ${maxLogBlockRange} blocks through this proxy`
  }
  return undefined
}
