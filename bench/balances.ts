import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type BalanceChain,
  type EvmBalanceChain,
  getBalances,
  getSolanaUsdcMint,
  type JsonRpcClient,
  type JsonRpcRequest,
  type SolanaBalanceChain,
  usdcAddresses,
} from '@charter/core'
import { encodeFunctionData, parseAbi } from 'viem'
import { embeddedEvmChainIds } from '../apps/server/src/devnets/LocalChains.ts'
import { startLocalChains } from '../apps/server/src/devnets/startLocalChains.ts'
import { createLogger } from '../apps/server/src/log/logger.ts'
import { startDelayProxy } from './delayProxy.ts'
import { type Batch, inTurns, timeBatch } from './rounds.ts'

export type BalancesPlan = {
  /** What the proxy adds to every request, in milliseconds. */
  delayMs: number
  rounds: number
  /** Reads of each kind per round, one after the other. */
  perRound: number
  warmUp: number
  /** The second, longer list of chain entries (the first is the three configured chains). */
  manyEntries: number
}

/** One way of reading, measured: its batches, and the HTTP requests each read made (in all; to the busiest chain). */
export type Reads = { batches: Batch[]; requests: number[]; mostToOneChain: number[]; entries: number }

export type BalancesRounds = {
  floor: Reads
  /** Beside the longer list: one round trip to every entry at once (eth_chainId, getSlot), no reading. */
  floorMany: Reads
  charter: Reads
  naive: Reads
  charterMany: Reads
  naiveMany: Reads
}

const evmAddress = '0x00000000000000000000000000000000000be4c4'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const funded = { ether: 10n ** 18n, sol: 10n ** 9n, usdc: 10_000_000n }

/** The same client for every way of reading: one `fetch` POST, the JSON answer. */
const client: JsonRpcClient = {
  async request(url, body) {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`)
    return answer.json()
  },
}

const call = (method: string, params: readonly unknown[]): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  params,
})

/** One request, one answer; a JSON-RPC error fails the read, as it would a wallet's. */
async function ask(url: string, method: string, params: readonly unknown[]): Promise<unknown> {
  const answer = (await client.request(url, call(method, params))) as { result?: unknown; error?: unknown }
  if (answer.error !== undefined || answer.result === undefined) {
    throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`)
  }
  return answer.result
}

const balanceOf = parseAbi(['function balanceOf(address owner) view returns (uint256)'])

/**
 * The naive reader: one request per balance, each chain's requests one after the other (as a client that
 * awaits each balance would), the chains side by side. EVM: eth_getBalance, then eth_call balanceOf; Solana:
 * getBalance, then getTokenAccountsByOwner, then getAccountInfo of the mint (its decimals).
 */
async function naiveBalances(chains: readonly BalanceChain[]): Promise<void> {
  await Promise.all(
    chains.map(async (chain) => {
      if (chain.type === 'ethereum') {
        await ask(chain.rpcUrl, 'eth_getBalance', [evmAddress, 'latest'])
        const data = encodeFunctionData({ abi: balanceOf, functionName: 'balanceOf', args: [evmAddress] })
        await ask(chain.rpcUrl, 'eth_call', [{ to: chain.usdc, data }, 'latest'])
        return
      }
      const parsed = { encoding: 'jsonParsed' }
      await ask(chain.rpcUrl, 'getBalance', [solanaAddress])
      await ask(chain.rpcUrl, 'getTokenAccountsByOwner', [solanaAddress, { mint: chain.usdcMint }, parsed])
      await ask(chain.rpcUrl, 'getAccountInfo', [chain.usdcMint, parsed])
    }),
  )
}

/** Charter's reader, as a wallet page calls it: once per address, the EVM and the Solana wallet side by side. */
async function charterBalances(chains: readonly BalanceChain[]): Promise<void> {
  const evm = chains.filter((chain): chain is EvmBalanceChain => chain.type === 'ethereum')
  const solana = chains.filter((chain): chain is SolanaBalanceChain => chain.type === 'solana')
  const answers = await Promise.all([
    getBalances(client, { address: evmAddress, chains: evm }),
    getBalances(client, { address: solanaAddress, chains: solana }),
  ])
  // Wrong figures would measure nothing: every chain must answer what was funded.
  for (const { chain, balances, error } of answers.flat()) {
    const native = chain.type === 'ethereum' ? funded.ether : funded.sol
    if (balances?.native !== native || balances.usdc?.amount !== funded.usdc) {
      throw new Error(`balances on ${chain.id} read wrong: ${error?.message ?? JSON.stringify(balances)}`)
    }
  }
}

/**
 * The balance read over all configured chains through a JSON-RPC proxy that adds `delayMs` to every request:
 * Charter's reader (one request per chain), the naive way (one request per balance) and the floor (one round
 * trip: a single eth_chainId), in turns, round after round, on the local devnets (two anvils, the LiteSVM
 * cluster) started here on a state folder of their own, each funded for one address (native and USDC). The
 * same, again, over `manyEntries` chain entries: the three chains, and more EVM entries on the same two anvils
 * (their own ids and USDC addresses), each through a proxy route of its own so that its requests count apart.
 * Beside the longer list, a second floor: one round trip to every entry at once, which tells what the machine
 * and the proxy cost for that many requests side by side from what the reader adds.
 * Everything started is stopped before this returns.
 */
export async function measureBalances(plan: BalancesPlan): Promise<BalancesRounds> {
  const stateDir = mkdtempSync(join(tmpdir(), 'charter-bench-balances-'))
  const logger = createLogger('silent')
  const local = await startLocalChains({ stateDir, logger })
  const proxy = await startDelayProxy({ delayMs: plan.delayMs }).catch(async (error) => {
    await closeChains()
    throw error
  })
  async function closeChains() {
    await Promise.all([...embeddedEvmChainIds.map((id) => local.evm[id].close()), local.solana.close()])
  }
  try {
    for (const id of embeddedEvmChainIds) {
      await local.evm[id].fund(evmAddress, 'native', funded.ether)
      await local.evm[id].fund(evmAddress, 'USDC', funded.usdc)
    }
    await local.solana.fund(solanaAddress, 'native', funded.sol)
    await local.solana.fund(solanaAddress, 'USDC', funded.usdc)

    const evmEntry = (index: number): EvmBalanceChain => {
      const id = embeddedEvmChainIds[index % embeddedEvmChainIds.length] ?? 84532
      return { type: 'ethereum', id, rpcUrl: proxy.route(local.evm[id].rpcUrl), usdc: usdcAddresses[id] }
    }
    const solanaEntry = (): SolanaBalanceChain => ({
      type: 'solana',
      id: 'devnet',
      rpcUrl: proxy.route(local.solana.rpcUrl),
      usdcMint: getSolanaUsdcMint('devnet'),
    })
    const configured: BalanceChain[] = [evmEntry(0), evmEntry(1), solanaEntry()]
    const many: BalanceChain[] = [
      evmEntry(0),
      evmEntry(1),
      solanaEntry(),
      ...Array.from({ length: plan.manyEntries - 3 }, (_, index) => evmEntry(index)),
    ]
    const floorUrl = proxy.route(local.evm[84532].rpcUrl)
    const floorEntries = [{ rpcUrl: floorUrl }]

    const reads = (entries: readonly { rpcUrl: string }[], read: () => Promise<void>) => {
      const measured: Omit<Reads, 'batches'> = { requests: [], mostToOneChain: [], entries: entries.length }
      const once = async (): Promise<number> => {
        const before = entries.map((entry) => proxy.requestsTo(entry.rpcUrl))
        const requestsBefore = proxy.requests()
        const started = performance.now()
        await read()
        const ms = performance.now() - started
        measured.requests.push(proxy.requests() - requestsBefore)
        measured.mostToOneChain.push(
          Math.max(...entries.map((entry, i) => proxy.requestsTo(entry.rpcUrl) - (before[i] ?? 0))),
        )
        return ms
      }
      return { measured, once }
    }
    const ways = {
      floor: reads(floorEntries, async () => {
        await ask(floorUrl, 'eth_chainId', [])
      }),
      floorMany: reads(many, async () => {
        await Promise.all(
          many.map((entry) => ask(entry.rpcUrl, entry.type === 'ethereum' ? 'eth_chainId' : 'getSlot', [])),
        )
      }),
      charter: reads(configured, () => charterBalances(configured)),
      naive: reads(configured, () => naiveBalances(configured)),
      charterMany: reads(many, () => charterBalances(many)),
      naiveMany: reads(many, () => naiveBalances(many)),
    }
    for (const way of Object.values(ways)) {
      for (let i = 0; i < plan.warmUp; i++) await way.once()
      way.measured.requests.length = 0
      way.measured.mostToOneChain.length = 0
    }
    const batches = await inTurns(plan.rounds, {
      floor: () => timeBatch(plan.perRound, 1, ways.floor.once),
      charter: () => timeBatch(plan.perRound, 1, ways.charter.once),
      naive: () => timeBatch(plan.perRound, 1, ways.naive.once),
      floorMany: () => timeBatch(plan.perRound, 1, ways.floorMany.once),
      charterMany: () => timeBatch(plan.perRound, 1, ways.charterMany.once),
      naiveMany: () => timeBatch(plan.perRound, 1, ways.naiveMany.once),
    })
    const result = (name: keyof typeof ways): Reads => ({ ...ways[name].measured, batches: batches[name] })
    return {
      floor: result('floor'),
      floorMany: result('floorMany'),
      charter: result('charter'),
      naive: result('naive'),
      charterMany: result('charterMany'),
      naiveMany: result('naiveMany'),
    }
  } finally {
    await proxy.close()
    await closeChains()
    rmSync(stateDir, { recursive: true, force: true })
  }
}
