import type { Chains } from '../chains/Chains.ts'
import type { ServedChain } from '../chains/ServedChain.ts'
import type { Db } from '../db/Database.ts'
import type { Logger } from '../log/logger.ts'
import { chainMarker } from './chainMarker.ts'
import { readEvmChain } from './evmReceipts.ts'
import { polledWallets } from './polledWallets.ts'
import { chainTuning } from './readerTuning.ts'
import { readSolanaChain } from './solanaReceipts.ts'

/** What one pass did: receipts found new, and chains that could not be read this time. */
export type PassCounts = { received: number; failedChains: number }

/**
 * The incoming-money reader: each pass reads every offered chain for the wallets `polledWallets` names, each
 * chain on its own, so one whose node is down stops none of the others; it is read again on the next pass,
 * from its cursors, so nothing is missed. A chain's failure is logged once when it starts failing and once when
 * it reads again, not on every pass of a long outage. A chain whose head and wallets are as they were at its last
 * good pass is not read again (`chainMarker.ts`).
 */
export function incomingReader(options: {
  db: Db
  /** The chains part's adapter, read at each pass. */
  chains: () => Chains
  /** Every wallet (local devnets), or only those of members seen lately (production). */
  everyWallet: boolean
  logger: Logger
}) {
  const { db, logger } = options
  const failing = new Set<string>()
  /** Each chain's marker at its last pass that succeeded (`chainMarker.ts`). */
  const lastRead = new Map<string, string>()

  const readChain = async (chain: ServedChain, wallets: Awaited<ReturnType<typeof polledWallets>>) => {
    const id = String(chain.info.id)
    const tuning = chainTuning(id, chain.info.type, chain.info.local)
    const mine = wallets.filter((wallet) => wallet.chainType === chain.info.type)
    const marker = await chainMarker(chain, mine)
    if (lastRead.get(id) === marker) return 0
    // A Solana read cut short goes on at the next pass even if the chain has not moved meanwhile.
    const { received, unfinished } =
      chain.info.type === 'solana'
        ? await readSolanaChain(db, chain, mine, tuning)
        : { received: await readEvmChain(db, chain, mine, tuning), unfinished: false }
    if (!unfinished) lastRead.set(id, marker)
    return received
  }

  return async function readOnce(): Promise<PassCounts> {
    const wallets = await polledWallets(db, options.everyWallet)
    const outcomes = await Promise.all(
      options.chains().chains.map(async (chain) => {
        const id = String(chain.info.id)
        try {
          const received = await readChain(chain, wallets)
          if (failing.delete(id)) logger.info('Money received is read again on this chain', { chain: id })
          return received
        } catch (error) {
          if (!failing.has(id)) {
            failing.add(id)
            logger.warn('Could not read money received on this chain; trying again on each pass', {
              chain: id,
              error: error instanceof Error ? error.message : String(error),
            })
          }
          return null
        }
      }),
    )
    return {
      received: outcomes.reduce<number>((sum, each) => sum + (each ?? 0), 0),
      failedChains: outcomes.filter((each) => each === null).length,
    }
  }
}
