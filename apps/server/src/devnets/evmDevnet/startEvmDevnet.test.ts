import { spawn } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { arbitrumSepolia, baseSepolia } from '@charter/core'
import { type Address, createPublicClient, erc20Abi, getAddress, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { anvilsServing, devnetTracker } from './__fixtures__/devnetTracker.ts'
import { isAnvilFor } from './anvilProcesses.ts'
import { devnetFiles } from './devnetFiles.ts'
import { EvmDevnetError } from './EvmDevnetError.ts'
import { readPidFile, writePidFile } from './pidFile.ts'

const devnets = devnetTracker()
afterAll(() => devnets.cleanUp())

const baseUsdc: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const arbitrumUsdc: Address = '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d'
const someone: Address = getAddress('0x5ba1e12693dc8f9c48aad8770482f4739beed696')

const readerOf = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })
const usdcOf = (rpcUrl: string, token: Address, address: Address) =>
  readerOf(rpcUrl).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** Resolves once `pid` no longer serves `stateFile` (a SIGTERMed anvil takes a moment to write its state). */
async function gone(pid: number, stateFile: string): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (!isAnvilFor(pid, stateFile)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

describe('startEvmDevnet', () => {
  it('answers on loopback with the chain id it stands in for, and records its anvil in a pid file', async () => {
    const { chain, pid, files } = await devnets.start(84532, await devnets.tempDir())
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await readerOf(chain.rpcUrl).getChainId()).toBe(84532)
    expect(readPidFile(files.pidFile)).toMatchObject({ pid, chainId: 84532, stateFile: files.stateFile })
    expect(new URL(chain.rpcUrl).port).toBe(String(readPidFile(files.pidFile)?.port))
    expect(anvilsServing(files.stateFile)).toEqual([pid])
    await chain.close()
  })

  it('keeps balances, contracts and height across close and start; close stops anvil and removes the pid file', async () => {
    const stateDir = await devnets.tempDir()
    const first = await devnets.start(84532, stateDir)
    await first.chain.fund(someone, 'native', 1_000_000_000_000_000_000n)
    await first.chain.fund(someone, 'USDC', 10_000_000n)
    const height = await first.chain.height()
    await first.chain.close()
    expect(isAnvilFor(first.pid, first.files.stateFile)).toBe(false)
    expect(existsSync(first.files.pidFile)).toBe(false)
    expect(existsSync(first.files.stateFile)).toBe(true)

    const second = await devnets.start(84532, stateDir)
    expect(second.pid).not.toBe(first.pid)
    expect(await readerOf(second.chain.rpcUrl).getBalance({ address: someone })).toBe(
      1_000_000_000_000_000_000n,
    )
    expect(await usdcOf(second.chain.rpcUrl, baseUsdc, someone)).toBe(10_000_000n)
    expect(await second.chain.height()).toBe(height)
    // Still the faucet's token: funding goes on where it stopped.
    await second.chain.fund(someone, 'USDC', 1n)
    expect(await usdcOf(second.chain.rpcUrl, baseUsdc, someone)).toBe(10_000_001n)
    await second.chain.close()
  })

  it('replaces a devnet its server forgot (never closed): the old anvil is stopped, its state kept, one remains', async () => {
    const stateDir = await devnets.tempDir()
    const forgotten = await devnets.start(84532, stateDir)
    await forgotten.chain.fund(someone, 'USDC', 42n)

    const next = await devnets.start(84532, stateDir)
    expect(await gone(forgotten.pid, forgotten.files.stateFile)).toBe(true)
    expect(anvilsServing(next.files.stateFile)).toEqual([next.pid])
    // The old anvil wrote its state on SIGTERM, so what it held carried over.
    expect(await usdcOf(next.chain.rpcUrl, baseUsdc, someone)).toBe(42n)
    await next.chain.close()
    expect(anvilsServing(next.files.stateFile)).toEqual([])
  })

  it('replaces the devnet of a server killed with kill -9', async () => {
    const stateDir = await devnets.tempDir()
    const fixture = fileURLToPath(new URL('./__fixtures__/startDevnetThenWait.ts', import.meta.url))
    const server = spawn(process.execPath, ['--import', 'tsx', fixture, stateDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout }).once('line', resolve)
      server.once('exit', (code) => reject(new Error(`the stand-in server exited with ${code}`)))
    })
    const orphanPid = Number(/^anvil (\d+)$/.exec(line)?.[1])
    devnets.track(orphanPid)
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGKILL')
    await exited
    const stateFile = readPidFile(`${stateDir}/anvil-84532.pid`)?.stateFile ?? ''
    // The server is dead; its anvil is not (nothing ties it to the server's life).
    expect(anvilsServing(stateFile)).toEqual([orphanPid])

    const next = await devnets.start(84532, stateDir)
    expect(await gone(orphanPid, stateFile)).toBe(true)
    expect(anvilsServing(stateFile)).toEqual([next.pid])
    expect(
      await readerOf(next.chain.rpcUrl).getBalance({ address: '0x000000000000000000000000000000000000dEaD' }),
    ).toBe(7n)
    await next.chain.close()
  })

  it('leaves alone a process whose pid a stale pid file names, when it is not that anvil (a reused pid)', async () => {
    const stateDir = await devnets.tempDir()
    const bystander = spawn('sleep', ['60'], { stdio: 'ignore' })
    try {
      const files = devnetFiles(stateDir, 84532)
      writePidFile(files.pidFile, {
        pid: bystander.pid ?? 0,
        port: 1,
        chainId: 84532,
        stateFile: files.stateFile,
        startedAt: new Date().toISOString(),
      })
      const { chain, pid } = await devnets.start(84532, stateDir)
      expect(bystander.exitCode).toBeNull()
      expect(bystander.signalCode).toBeNull()
      expect(readPidFile(files.pidFile)?.pid).toBe(pid)
      await chain.close()
    } finally {
      bystander.kill('SIGKILL')
    }
  })

  it('sets an unreadable state file aside and starts afresh', async () => {
    const stateDir = await devnets.tempDir()
    writeFileSync(`${stateDir}/anvil-84532.json`, '{"block":{"number":"0x5') // a dump cut short
    const { chain } = await devnets.start(84532, stateDir)
    expect(await chain.height()).toBe(0n)
    expect(
      await readerOf(chain.rpcUrl).readContract({
        address: baseUsdc,
        abi: erc20Abi,
        functionName: 'decimals',
      }),
    ).toBe(6)
    expect(readdirSync(stateDir).filter((name) => name.startsWith('anvil-84532.json.broken-'))).toHaveLength(
      1,
    )
    await chain.close()
  })

  it('fails with what anvil said when anvil cannot start, and leaves nothing running', async () => {
    const stateDir = await devnets.tempDir()
    writeFileSync(`${stateDir}/anvil-84532.json`, '{"not":"a state"}') // JSON, but not anvil's
    const failed = devnets.start(84532, stateDir)
    await expect(failed).rejects.toThrow(EvmDevnetError)
    await expect(failed).rejects.toThrow(/chain 84532 stopped as it started[\s\S]*missing field `block`/)
    expect(existsSync(`${stateDir}/anvil-84532.pid`)).toBe(false)
    expect(anvilsServing(`${stateDir}/anvil-84532.json`)).toEqual([])
  })

  it('runs Base Sepolia and Arbitrum Sepolia side by side, each with USDC at its own address', async () => {
    const stateDir = await devnets.tempDir()
    const [base, arbitrum] = await Promise.all([
      devnets.start(84532, stateDir),
      devnets.start(421614, stateDir),
    ])
    expect(base.chain.rpcUrl).not.toBe(arbitrum.chain.rpcUrl)
    const baseReader = createPublicClient({ chain: baseSepolia, transport: http(base.chain.rpcUrl) })
    const arbitrumReader = createPublicClient({
      chain: arbitrumSepolia,
      transport: http(arbitrum.chain.rpcUrl),
    })
    expect(await baseReader.getChainId()).toBe(84532)
    expect(await arbitrumReader.getChainId()).toBe(421614)
    expect(await baseReader.getCode({ address: arbitrumUsdc })).toBeUndefined()
    expect(await arbitrumReader.getCode({ address: baseUsdc })).toBeUndefined()

    await arbitrum.chain.fund(someone, 'USDC', 3_000_000n)
    expect(await usdcOf(arbitrum.chain.rpcUrl, arbitrumUsdc, someone)).toBe(3_000_000n)
    expect(await usdcOf(base.chain.rpcUrl, baseUsdc, someone)).toBe(0n)
    expect(base.files.stateFile).not.toBe(arbitrum.files.stateFile)
    await Promise.all([base.chain.close(), arbitrum.chain.close()])
    expect(readdirSync(stateDir).sort()).toEqual([
      'anvil-421614.json',
      'anvil-421614.log',
      'anvil-84532.json',
      'anvil-84532.log',
    ])
  })
})
