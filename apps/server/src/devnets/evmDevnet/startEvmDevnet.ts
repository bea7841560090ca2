import { mkdirSync } from 'node:fs'
import type { SupportedChainId } from '@charter/core'
import { zeroAddress } from 'viem'
import type { Logger } from '../../log/logger.ts'
import type { LocalChain } from '../LocalChain.ts'
import { createDevnetClient } from './devnetClient.ts'
import { placeDevnetContracts } from './devnetContracts.ts'
import { devnetFiles } from './devnetFiles.ts'
import { EvmDevnetError } from './EvmDevnetError.ts'
import { fundOnDevnet } from './fundOnDevnet.ts'
import { readPidFile, removePidFile } from './pidFile.ts'
import { setAsideBrokenState } from './setAsideBrokenState.ts'
import { spawnAnvil } from './spawnAnvil.ts'
import { stopLeftoverDevnet } from './stopLeftoverDevnet.ts'

export type EvmDevnetOptions = {
  /** The test network this devnet stands in for (84532 Base Sepolia, 421614 Arbitrum Sepolia, …). */
  chainId: SupportedChainId
  /** Where the chain's state, pid file and anvil's log live (`anvil-<chainId>.*`); created if missing. */
  stateDir: string
  logger: Logger
}

/** How long anvil gets to write its state and exit after SIGTERM before it is killed. */
const closeGraceMs = 10_000

/**
 * Starts a local EVM devnet: anvil on a free loopback port, with the chain's state kept in `stateDir`, the test
 * USDC at the chain's real USDC address and Multicall3 at its usual one. A devnet a killed server left running
 * on the same state is stopped first (it saves its state as it goes), so there is never more than one.
 */
export async function startEvmDevnet({ chainId, stateDir, logger }: EvmDevnetOptions): Promise<LocalChain> {
  const files = devnetFiles(stateDir, chainId)
  mkdirSync(stateDir, { recursive: true })

  await stopLeftoverDevnet(chainId, files, logger)
  const aside = setAsideBrokenState(files.stateFile)
  if (aside)
    logger.warn('local devnet: its state file was unreadable; starting afresh', { chainId, keptAs: aside })

  const { child, pid, rpcUrl } = await spawnAnvil(chainId, files)
  const client = createDevnetClient(chainId, rpcUrl)

  let closing: Promise<void> | undefined
  child.once('exit', (code, signal) => {
    if (!closing) logger.error('local devnet: anvil stopped on its own', { chainId, pid, code, signal })
  })
  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), closeGraceMs)
        await exited
        clearTimeout(timer)
      }
      // Only our own record: a later start may already have replaced this devnet and written its own.
      if (readPidFile(files.pidFile)?.pid === pid) removePidFile(files.pidFile)
    })()
    return closing
  }

  try {
    await placeDevnetContracts(client, chainId, logger)
  } catch (cause) {
    await close()
    throw new EvmDevnetError(chainId, 'could not place its contracts', {
      details: cause instanceof Error ? cause.message : String(cause),
      cause,
    })
  }
  logger.info('local devnet started', { chainId, rpcUrl, pid, state: files.stateFile })

  // Funding reads then writes a balance: one at a time, in the order asked.
  let funding: Promise<unknown> = Promise.resolve()
  return {
    rpcUrl,
    // USDC is minted to the member (a Transfer from the zero address); the coin is set by anvil, with no transaction.
    faucetSenders: [zeroAddress],
    fund: (address, asset, amount) => {
      const run = funding.then(() => fundOnDevnet(client, chainId, address, asset, amount))
      funding = run.catch(() => undefined)
      return run
    },
    // An EVM account exists at any balance: a local devnet takes every credit the faucet's caps let through.
    refusal: async () => undefined,
    height: () => client.getBlockNumber({ cacheTime: 0 }),
    close,
  }
}
