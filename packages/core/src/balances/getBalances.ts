import type { BalanceChain } from './BalanceChain.ts'
import { BalanceReadError } from './BalanceReadError.ts'
import type { ChainBalances } from './ChainBalances.ts'
import type { JsonRpcClient } from './JsonRpcClient.ts'
import { readEvmBalances } from './readEvmBalances.ts'
import { readSolanaBalances } from './readSolanaBalances.ts'

export type GetBalancesParameters<Chain extends BalanceChain> = {
  /** One address: an EVM address for EVM chains, a Solana address for Solana clusters. */
  address: string
  /** The chains of the address's type; the caller calls once per wallet. */
  chains: readonly Chain[]
}

/**
 * The native and USDC balances of one address on each chain, read concurrently, one HTTP request per chain.
 * Never throws for a chain: one that fails (its endpoint, a refused call, an answer that is not a balance) gives
 * `balances: null` with its `error`, and the others are unaffected. The answers are in the order of `chains`.
 */
export function getBalances<Chain extends BalanceChain>(
  client: JsonRpcClient,
  { address, chains }: GetBalancesParameters<Chain>,
): Promise<ChainBalances<Chain>[]> {
  return Promise.all(
    chains.map(async (chain): Promise<ChainBalances<Chain>> => {
      try {
        const balances =
          chain.type === 'ethereum'
            ? await readEvmBalances(client, chain, address)
            : await readSolanaBalances(client, chain, address)
        return { chain, balances, error: null }
      } catch (cause) {
        return { chain, balances: null, error: readError(chain, cause) }
      }
    }),
  )
}

function readError(chain: BalanceChain, cause: unknown): BalanceReadError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  // The cause's message may hold whatever the endpoint said; it is cut short, and never carries the URL.
  return new BalanceReadError(chain.id, { details: reason.split('\n')[0]?.slice(0, 300) ?? 'unknown', cause })
}
