import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getBalances, getSolanaUsdcMint, type JsonRpcClient } from '@charter/core'
import { generateKeyPairSigner } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { anvilsServing } from '../testing/anvilsServing.ts'
import { rememberOutboxToken } from '../testing/outboxTokens.ts'
import { findFreePort } from './evmDevnet/freePort.ts'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const outboxToken = 'killed-server-test-outbox-token'

type Running = { child: ChildProcess; url: string; stderr: () => string }

let dataDir: string
const started: ChildProcess[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'charter-killed-'))
})

afterAll(async () => {
  // Whatever a failed assertion left running, stopped by its pid: the servers this test started, then their anvils.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  if (dataDir) {
    for (const { pid } of anvilsServing(dataDir)) process.kill(pid, 'SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  }
})

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
  })

/** The server as `npm run serve` runs it, as its own process on `dataDir`, once /api/health answers ok. */
async function startServerProcess(): Promise<Running> {
  const port = await findFreePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      LOCAL_CHAINS: 'on',
      DEV_OUTBOX_TOKEN: outboxToken,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  started.push(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`)
    try {
      const health = (await (await fetch(`${url}/api/health`)).json()) as { status: string }
      if (health.status === 'ok') break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not get healthy: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  rememberOutboxToken(url, outboxToken)
  return { child, url, stderr: () => stderr }
}

async function signedIn(url: string): Promise<ApiClient> {
  const client = new ApiClient(url)
  const answer = await client.signInByPhone(uniquePhoneNumber())
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.text}`)
  return client
}

/** Balances through the server's proxy with the member's session, as the web reads them. */
function proxyClient(client: ApiClient): JsonRpcClient {
  return {
    async request(path, body) {
      const answer = await client.post(path, body)
      if (answer.status !== 200) throw new Error(`the proxy answered ${answer.status}`)
      return JSON.parse(answer.text)
    },
  }
}

const isRunning = (pid: number) => existsSync(`/proc/${pid}`) && anvilsServingPids().includes(pid)
const anvilsServingPids = () => anvilsServing(dataDir).map((each) => each.pid)

it('a server killed with kill -9 leaves no orphaned devnet after the next start, and its balances stay', async () => {
  const evmAddress = privateKeyToAccount(generatePrivateKey()).address
  const solanaAddress = (await generateKeyPairSigner()).address

  const first = await startServerProcess()
  const firstAnvils = anvilsServing(dataDir)
  expect(firstAnvils.map((each) => each.chainId)).toEqual([84532, 421614])
  const member = await signedIn(first.url)
  for (const body of [
    { address: evmAddress, chainId: 84532, asset: 'native', amount: '1' },
    { address: evmAddress, chainId: 421614, asset: 'USDC', amount: '3' },
    { address: solanaAddress, chainId: 'devnet', asset: 'native', amount: '2' },
    { address: solanaAddress, chainId: 'devnet', asset: 'USDC', amount: '5' },
  ]) {
    const answer = await member.post('/api/dev/faucet', body)
    expect(answer.status, answer.text).toBe(200)
  }
  // The local Solana cluster saves a write within 200 ms; the anvils hold theirs in memory until they dump.
  await new Promise((resolve) => setTimeout(resolve, 1_000))

  first.child.kill('SIGKILL')
  await exited(first.child)
  // The killed server could not stop its anvils: they outlive it, orphaned.
  expect(anvilsServingPids()).toEqual(firstAnvils.map((each) => each.pid))

  const second = await startServerProcess()
  const secondAnvils = anvilsServing(dataDir)
  // Exactly one per chain, and not the orphans: those were stopped (and saved their state) before.
  expect(secondAnvils.map((each) => each.chainId)).toEqual([84532, 421614])
  for (const { pid } of firstAnvils) expect(isRunning(pid), `orphan ${pid}`).toBe(false)

  const again = await signedIn(second.url)
  const chains = (
    JSON.parse((await again.get('/api/v1/chains')).text) as {
      chains: { id: number | string; type: string; rpcPath: string; usdc: { address: string } }[]
    }
  ).chains
  const evm = await getBalances(proxyClient(again), {
    address: evmAddress,
    chains: chains
      .filter((chain) => chain.type === 'ethereum')
      .map((chain) => ({
        type: 'ethereum' as const,
        id: chain.id as number,
        rpcUrl: chain.rpcPath,
        usdc: chain.usdc.address as `0x${string}`,
      })),
  })
  const solana = await getBalances(proxyClient(again), {
    address: solanaAddress,
    chains: [
      {
        type: 'solana',
        id: 'devnet',
        rpcUrl: '/api/v1/rpc/devnet',
        usdcMint: getSolanaUsdcMint('devnet') as string,
      },
    ],
  })
  expect([...evm, ...solana].map((each) => each.balances)).toEqual([
    { native: 10n ** 18n, nativeDecimals: 18, usdc: { amount: 0n, decimals: 6 } },
    { native: 0n, nativeDecimals: 18, usdc: { amount: 3_000_000n, decimals: 6 } },
    { native: 2_000_000_000n, nativeDecimals: 9, usdc: { amount: 5_000_000n, decimals: 6 } },
  ])

  second.child.kill('SIGTERM')
  await exited(second.child)
  expect(second.child.exitCode, second.stderr()).toBe(0)
  expect(anvilsServing(dataDir)).toEqual([])
}, 240_000)
