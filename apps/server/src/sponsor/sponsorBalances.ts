import { formatUnits } from 'viem'
import type { Chains } from '../chains/Chains.ts'
import type { ServedChain } from '../chains/ServedChain.ts'
import type { Logger } from '../log/logger.ts'
import { chainRpc } from '../wallets/sends/chainRpc.ts'

/** The sponsor's balance on one chain, as /api/health shows it. */
export type SponsorBalance = {
  /** The chain's id as `GET /api/v1/chains` gives it. */
  chain: string
  name: string
  /** In the chain's coin, a decimal string ("10", "0.0421"); undefined when it could not be read. */
  balance: string | undefined
  symbol: string
  /** Below the warning threshold: whoever runs Charter should send the sponsor more. */
  low: boolean
}

const nativeDecimals = (chain: ServedChain) => chain.info.nativeCurrency.decimals

/** The sponsor's balance on a chain in its smallest unit (wei, lamports), asked of its node. */
export async function readSponsorBalance(chain: ServedChain, address: string): Promise<bigint> {
  const rpc = chainRpc(chain.rpcUrl)
  if (chain.info.type === 'ethereum') return BigInt(await rpc<string>('eth_getBalance', [address, 'latest']))
  const answer = await rpc<{ value: number | string }>('getBalance', [address, { commitment: 'confirmed' }])
  return BigInt(answer.value)
}

/**
 * The sponsor's balances on every chain offered, read in the background with a short timeout and kept briefly,
 * as the chains' heights are (chains/createChains.ts): /api/health never waits for a node.
 */
export function sponsorBalances(options: {
  chains: () => Chains
  addressOn: (chainType: 'ethereum' | 'solana') => string
  /** The threshold on that kind of chain, in its smallest unit. */
  lowBelow: (chainType: 'ethereum' | 'solana') => bigint
  logger: Logger
  timing?: { timeoutMs: number; cacheMs: number }
}) {
  const timing = options.timing ?? { timeoutMs: 2_000, cacheMs: 10_000 }
  let last: { at: number; readings: SponsorBalance[] } | undefined
  let pending: Promise<SponsorBalance[]> | undefined

  const readOne = async (chain: ServedChain): Promise<SponsorBalance> => {
    const base = {
      chain: String(chain.info.id),
      name: chain.info.name,
      symbol: chain.info.nativeCurrency.symbol,
    }
    try {
      const wei = await Promise.race([
        readSponsorBalance(chain, options.addressOn(chain.info.type)),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no answer in time')), timing.timeoutMs).unref(),
        ),
      ])
      return {
        ...base,
        balance: formatUnits(wei, nativeDecimals(chain)),
        low: wei < options.lowBelow(chain.info.type),
      }
    } catch (error) {
      options.logger.warn('The sponsor’s balance could not be read', {
        chain: chain.info.id,
        problem: error instanceof Error ? error.message : String(error),
      })
      return { ...base, balance: undefined, low: false }
    }
  }

  const read = (): Promise<SponsorBalance[]> => {
    pending ??= Promise.all(options.chains().chains.map(readOne)).then(
      (readings) => {
        last = { at: Date.now(), readings }
        pending = undefined
        return readings
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    )
    return pending
  }

  return {
    /** Reads now (after funding, say), and keeps the reading. */
    refresh: read,
    /** The last reading, a new one started when it is stale; undefined before the first. */
    latest(): SponsorBalance[] | undefined {
      if (!last || Date.now() - last.at >= timing.cacheMs) void read().catch(() => undefined)
      return last?.readings
    },
  }
}
