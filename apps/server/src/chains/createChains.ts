import type { Logger } from '../log/logger.ts'
import type { ChainHealth, Chains } from './Chains.ts'
import { postJsonRpc } from './postJsonRpc.ts'
import { redactRpcUrl } from './redactRpcUrl.ts'
import type { ServedChain } from './ServedChain.ts'

export type HealthTiming = {
  /** How long a remote node has to tell its height. */
  timeoutMs: number
  /** How long a reading is kept before /api/health asks again. */
  cacheMs: number
}

const defaultTiming: HealthTiming = { timeoutMs: 2_000, cacheMs: 10_000 }

/** The chains service over a list of served chains (local or remote); `embeddedChains` and `productionChains` make the list. */
export function createChains(options: {
  mode: Chains['mode']
  chains: readonly ServedChain[]
  logger: Logger
  timing?: HealthTiming
}): Chains {
  const { chains, logger } = options
  const timing = options.timing ?? defaultTiming
  const byId = new Map(chains.map((chain) => [String(chain.info.id), chain]))
  let last: { at: number; readings: ChainHealth[] } | undefined
  let pending: Promise<ChainHealth[]> | undefined

  const readHeight = async (chain: ServedChain): Promise<bigint> => {
    if (chain.local) return chain.local.height()
    const method = chain.info.type === 'ethereum' ? 'eth_blockNumber' : 'getSlot'
    const answer = (await postJsonRpc(
      chain.rpcUrl,
      { jsonrpc: '2.0', id: 1, method, params: [] },
      { timeoutMs: timing.timeoutMs, maxResponseBytes: 4096 },
    )) as { result?: unknown }
    const { result } = answer ?? {}
    if (typeof result === 'string' && /^0x[0-9a-f]+$/i.test(result)) return BigInt(result)
    if (typeof result === 'number' && Number.isSafeInteger(result)) return BigInt(result)
    throw new Error(`${method} gave no height`)
  }

  const readAll = () =>
    Promise.all(
      chains.map(async (chain): Promise<ChainHealth> => {
        const base = {
          id: chain.info.id,
          name: chain.info.name,
          kind: chain.local ? ('local devnet' as const) : ('remote' as const),
        }
        try {
          return { ...base, height: String(await readHeight(chain)) }
        } catch (error) {
          const problem = error instanceof Error ? error.message : String(error)
          logger.warn('A chain did not tell its height', {
            chain: chain.info.id,
            node: redactRpcUrl(chain.rpcUrl),
            problem,
          })
          return { ...base, height: undefined, problem: 'its node did not answer' }
        }
      }),
    )

  const health = async () => {
    if (last && Date.now() - last.at < timing.cacheMs) return last.readings
    pending ??= readAll().then((readings) => {
      last = { at: Date.now(), readings }
      pending = undefined
      return readings
    })
    return pending
  }

  return {
    mode: options.mode,
    chains,
    list: () => chains.map((chain) => chain.info),
    find: (id) => byId.get(id),
    health,
    describe: () => {
      if (!last || Date.now() - last.at >= timing.cacheMs) void health()
      if (!last) return { status: 'ok', detail: `${chains.length} chains; heights being read` }
      const failing = last.readings.filter((reading) => reading.height === undefined)
      return {
        status: failing.length > 0 ? 'error' : 'ok',
        detail: last.readings
          .map(
            (reading) =>
              `${reading.name} (${reading.id}, ${reading.kind}): ${reading.height === undefined ? 'no answer' : `height ${reading.height}`}`,
          )
          .join('; '),
      }
    },
    close: async () => {
      await Promise.all(chains.map((chain) => chain.local?.close()))
    },
  }
}
