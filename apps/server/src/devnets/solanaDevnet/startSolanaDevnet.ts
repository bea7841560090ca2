import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { formatTokenAmount, getSolanaUsdcMint } from '@charter/core'
import {
  type Address,
  createKeyPairSignerFromBytes,
  getBase58Decoder,
  isAddress,
  lamports,
} from '@solana/kit'
import { LiteSVM } from 'litesvm'
import type { Logger } from '../../log/logger.ts'
import { FundingRefusedError } from '../FundingRefusedError.ts'
import type { LocalChain } from '../LocalChain.ts'
import { startJsonRpcServer } from './jsonRpcServer.ts'
import { LocalCluster } from './LocalCluster.ts'
import { SolanaDevnetError } from './SolanaDevnetError.ts'
import { loadOrCreateKeyBytes, loadSnapshot, saveSnapshot, snapshotPaths } from './snapshotFiles.ts'
import { TransactionHistory } from './transactionHistory.ts'
import { ensureUsdcMint, mintUsdc, newKeyBytes } from './usdcMint.ts'

/** A write is saved this long after it happened, so a burst of writes is saved once and a kill -9 loses little. */
const saveDelayMs = 200

export type SolanaDevnetOptions = {
  /** The data directory's folder for chain state; created if missing. */
  stateDir: string
  logger: Logger
}

/**
 * Starts the local Solana cluster standing in for devnet: LiteSVM (the real SVM and SPL Token program,
 * in-process) behind a JSON-RPC server on 127.0.0.1, with the devnet USDC mint at its real address. State is
 * loaded from `stateDir` and saved back after every write and on `close`.
 */
export async function startSolanaDevnet({ stateDir, logger }: SolanaDevnetOptions): Promise<LocalChain> {
  mkdirSync(stateDir, { recursive: true })
  const paths = snapshotPaths(stateDir)
  const authority = await createKeyPairSignerFromBytes(loadOrCreateKeyBytes(paths.mintAuthority, newKeyBytes))
  let svm: LiteSVM | null
  try {
    svm = loadSnapshot(paths.snapshot)
  } catch (cause) {
    throw new SolanaDevnetError('The local Solana cluster could not load its saved state.', {
      details: `${paths.snapshot} is unreadable; move it away to start from an empty cluster.`,
      cause,
    })
  }
  const restored = svm !== null
  let history: TransactionHistory
  try {
    history = TransactionHistory.load(paths.history)
  } catch (cause) {
    throw new SolanaDevnetError('The local Solana cluster could not load its saved transactions.', {
      details: `${paths.history} is unreadable; move it away to start without the history (the accounts stay).`,
      cause,
    })
  }

  let saveTimer: NodeJS.Timeout | undefined
  let closed = false
  const save = () => {
    clearTimeout(saveTimer)
    saveTimer = undefined
    try {
      saveSnapshot(cluster.svm, paths.snapshot)
      cluster.history.save(paths.history)
    } catch (error) {
      logger.error('The local Solana cluster could not save its state', {
        path: paths.snapshot,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  const scheduleSave = () => {
    if (closed || saveTimer) return
    saveTimer = setTimeout(save, saveDelayMs)
    // The timer must not keep a finished process alive; `close` saves whatever is pending.
    saveTimer.unref()
  }

  const cluster = new LocalCluster(svm ?? new LiteSVM(), scheduleSave, history)
  const usdcMint = getSolanaUsdcMint('devnet') as Address
  ensureUsdcMint(cluster, usdcMint, authority.address)
  save()

  // Stable for a state directory (the authority key lives there) and unlike any real cluster's genesis hash.
  const genesisHash = getBase58Decoder().decode(
    createHash('sha256').update(`charter local solana cluster ${authority.address}`).digest(),
  )
  const server = await startJsonRpcServer({ cluster, genesisHash }, logger)
  logger.info('Local Solana cluster started', { rpcUrl: server.url, slot: String(cluster.slot()), restored })

  /** A Solana account must hold its rent-exempt minimum to exist: a smaller credit to an empty one would fail. */
  const refusal = (address: string, asset: 'native' | 'USDC', amount: bigint): string | undefined => {
    // USDC goes to a token account whose rent the mint's authority pays; a bad address is fund's to refuse.
    if (asset !== 'native' || !isAddress(address)) return undefined
    const balance = cluster.account(address)?.lamports ?? 0n
    const minimum = cluster.svm.minimumBalanceForRentExemption(0n)
    return balance + amount < minimum
      ? `a new Solana account needs at least ${formatTokenAmount(minimum, 9)} SOL (its rent-exempt minimum)`
      : undefined
  }

  return {
    rpcUrl: server.url,
    // USDC is minted by the mint's authority, which pays the fee. SOL comes by LiteSVM's airdrop, paid by no one
    // the history shows: the reader counts no gain the wallet paid for itself.
    faucetSenders: [authority.address],
    refusal: async (address, asset, amount) => refusal(address, asset, amount),
    async fund(address, asset, amount) {
      if (closed) throw new SolanaDevnetError('The local Solana cluster is stopped.')
      if (!isAddress(address)) {
        throw new SolanaDevnetError('That is not a Solana address.', {
          details: `got ${JSON.stringify(address)}`,
        })
      }
      if (amount <= 0n) throw new SolanaDevnetError('The amount to fund must be positive.')
      if (asset === 'USDC') return mintUsdc(cluster, authority, usdcMint, address, amount)
      const refused = refusal(address, asset, amount)
      if (refused) throw new FundingRefusedError(refused)
      try {
        cluster.airdrop(address, lamports(amount))
      } catch (cause) {
        const details = cause instanceof Error ? cause.message : String(cause)
        throw new SolanaDevnetError('Could not airdrop SOL on the local Solana cluster.', { details, cause })
      }
    },
    async height() {
      return cluster.slot()
    },
    async close() {
      if (closed) return
      closed = true
      await server.close()
      save()
      logger.info('Local Solana cluster stopped', { slot: String(cluster.slot()) })
    },
  }
}
