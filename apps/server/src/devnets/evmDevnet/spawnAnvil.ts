import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { anvilBinaryPath } from './anvilBinary.ts'
import type { DevnetFiles } from './devnetFiles.ts'
import { EvmDevnetError } from './EvmDevnetError.ts'
import { findFreePort } from './freePort.ts'
import { removePidFile, writePidFile } from './pidFile.ts'

export type SpawnedAnvil = { child: ChildProcess; pid: number; port: number; rpcUrl: string }

/**
 * Seconds between state dumps while running. A server killed with kill -9 loses nothing (its anvil keeps
 * running and dumps on the SIGTERM of the next start); this bounds what a kill -9 of anvil itself, or of the
 * machine, loses.
 */
const stateIntervalSeconds = 5
/** A loaded two-core machine loading a large state file is slow; anvil answers in well under a second otherwise. */
const readyTimeoutMs = 20_000
const portAttempts = 3

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

/** Kills an anvil that failed to start and forgets it: nothing is left for the next start to find. */
async function discard(child: ChildProcess, pidFile: string): Promise<void> {
  if (!hasExited(child)) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
  removePidFile(pidFile)
}

const logTail = (logFile: string): string => {
  try {
    return readFileSync(logFile, 'utf8').trim().slice(-2_000) || '(anvil wrote nothing to stderr)'
  } catch {
    return '(no anvil log)'
  }
}

/** The chain id anvil at `rpcUrl` answers with, or undefined while nothing answers. */
async function askChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    })
    const body = (await response.json()) as { result?: string }
    return body.result ? Number(body.result) : undefined
  } catch {
    return undefined
  }
}

/**
 * Starts anvil for `chainId` on a free loopback port with its state in `files.stateFile`, records it in the pid
 * file, and resolves once it answers `eth_chainId` with that id. anvil's stdout is discarded (`--silent`) and its
 * stderr goes to a file, never a pipe: a devnet orphaned by a killed server must not die writing to a closed pipe,
 * so that the next start finds it by its pid file and stops it with SIGTERM, which makes it save its state.
 */
export async function spawnAnvil(chainId: number, files: DevnetFiles): Promise<SpawnedAnvil> {
  const binary = anvilBinaryPath()
  if (!binary) {
    throw new EvmDevnetError(chainId, 'cannot start: @foundry-rs/anvil has no binary for this platform', {
      details: `${process.platform}-${process.arch}`,
    })
  }
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort()
    const rpcUrl = `http://127.0.0.1:${port}`
    const log = openSync(files.logFile, 'w')
    const child = spawn(
      binary,
      [
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--chain-id',
        String(chainId),
        '--state',
        files.stateFile,
        '--state-interval',
        String(stateIntervalSeconds),
        '--silent',
      ],
      { stdio: ['ignore', 'ignore', log] },
    )
    closeSync(log)
    // The devnet never keeps the server's process alive on its own; a forgotten one is found by its pid file.
    child.unref()
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve))
    const pid = child.pid
    if (pid === undefined) {
      throw new EvmDevnetError(chainId, 'could not start anvil', { details: binary, cause: await spawnError })
    }
    // Written at once, before anvil answers: from here on a killed server leaves a devnet the next start finds.
    writePidFile(files.pidFile, {
      pid,
      port,
      chainId,
      stateFile: files.stateFile,
      startedAt: new Date().toISOString(),
    })

    const deadline = Date.now() + readyTimeoutMs
    while (!hasExited(child) && Date.now() < deadline) {
      const answered = await askChainId(rpcUrl)
      // Checked again after the answer: if anvil lost the port race and died, whoever answered is not it.
      if (answered !== undefined && !hasExited(child)) {
        if (answered === chainId) return { child, pid, port, rpcUrl }
        await discard(child, files.pidFile)
        throw new EvmDevnetError(chainId, 'answered with another chain id', {
          details: `${rpcUrl} answered eth_chainId ${answered}`,
        })
      }
      await sleep(50)
    }
    const stderr = logTail(files.logFile)
    const timedOut = !hasExited(child)
    await discard(child, files.pidFile)
    if (timedOut) {
      throw new EvmDevnetError(chainId, `did not answer within ${readyTimeoutMs / 1000} s`, {
        details: stderr,
      })
    }
    if (/address already in use/i.test(stderr) && attempt < portAttempts) continue
    throw new EvmDevnetError(chainId, 'stopped as it started', {
      details: `anvil exited with ${child.exitCode ?? child.signalCode}: ${stderr}`,
    })
  }
}
