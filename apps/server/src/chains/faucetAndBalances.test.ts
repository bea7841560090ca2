import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type BalanceChain,
  type ChainBalances,
  getBalances,
  getSolanaUsdcMint,
  type JsonRpcClient,
} from '@charter/core'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getInitializeAccount3Instruction,
  getTokenSize,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../devnets/evmDevnet/freePort.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { anvilsServing } from '../testing/anvilsServing.ts'
import type { Json } from '../testing/Json.ts'
import { productionTestEnv } from '../testing/productionTestEnv.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import type { PublicChain } from './ServedChain.ts'

const ether = 10n ** 18n
const oneSol = 1_000_000_000n
const usdcMint = getSolanaUsdcMint('devnet') as Address
/** What the SVM charges per signature (the local cluster runs the real fee rules). */
const feePerSignature = 5_000n

let dataDir: string
let server: TestServer
/** A member signed in on the real server: its cookie goes with every faucet and proxy call, as the web's does. */
let member: ApiClient
const evmAddress = privateKeyToAccount(generatePrivateKey()).address
let solanaOwner: KeyPairSigner

const startServer = () => startTestServer({ dataDir, env: { LOCAL_CHAINS: 'on' } })

/** The same member (same session) on whichever server now runs on the data folder. */
function memberOn(running: TestServer): ApiClient {
  const client = new ApiClient(running.url)
  client.cookie = member.cookie
  return client
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'charter-chains-'))
  server = await startServer()
  member = new ApiClient(server.url)
  const signedIn = await member.signInByPhone(uniquePhoneNumber())
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.text}`)
  solanaOwner = await generateKeyPairSigner()
}, 60_000)

afterAll(async () => {
  await server?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/**
 * The web's balance client: one POST of the JSON-RPC body to the chain's URL, here the server's own proxy
 * (`/api/v1/rpc/<id>`) with the member's session; an absolute URL (a dead node) is posted to as it is.
 * Counts the requests it makes.
 */
function proxyClient(client: ApiClient) {
  const sent: string[] = []
  const rpc: JsonRpcClient = {
    async request(url, body) {
      sent.push(url)
      const response = await fetch(new URL(url, client.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
        body: JSON.stringify(body),
      })
      if (response.status !== 200) throw new Error(`the proxy answered ${response.status}`)
      return response.json()
    },
  }
  return { rpc, sent }
}

/** The chains the server offers, as getBalances takes them: by their proxy paths, never a node's URL. */
async function offeredChains(client: ApiClient): Promise<BalanceChain[]> {
  const answer = await client.get('/api/v1/chains')
  expect(answer.status).toBe(200)
  return (JSON.parse(answer.text) as { chains: PublicChain[] }).chains.map(
    (chain): BalanceChain =>
      chain.type === 'ethereum'
        ? {
            type: 'ethereum',
            id: chain.id as number,
            rpcUrl: chain.rpcPath,
            usdc: chain.usdc?.address as `0x${string}`,
          }
        : { type: 'solana', id: 'devnet', rpcUrl: chain.rpcPath, usdcMint: chain.usdc?.address },
  )
}

/** Every offered chain's balances for the member's two addresses, each read through the proxy. */
async function readAll(client: ApiClient) {
  const chains = await offeredChains(client)
  const { rpc, sent } = proxyClient(client)
  const evm = await getBalances(rpc, {
    address: evmAddress,
    chains: chains.filter((c) => c.type === 'ethereum'),
  })
  const solana = await getBalances(rpc, {
    address: solanaOwner.address,
    chains: chains.filter((c) => c.type === 'solana'),
  })
  return { readings: [...evm, ...solana], sent }
}

const balancesOf = (readings: ChainBalances[]) =>
  Object.fromEntries(readings.map((reading) => [String(reading.chain.id), reading.balances]))

/** One JSON-RPC call through the proxy as the member; the answer's `result` (the test fails on an error). */
async function proxied(client: ApiClient, chainId: string | number, method: string, params: unknown[]) {
  const answer = await client.post(`/api/v1/rpc/${chainId}`, { jsonrpc: '2.0', id: 1, method, params })
  const body = answer.body as Json
  if (answer.status !== 200 || body.error) throw new Error(`${method}: ${answer.text}`)
  return body.result
}

const faucet = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/dev/faucet', body)

/** Balances read after the restart are compared with these. */
let beforeRestart: Record<string, unknown>

describe('the faucet and the balance reader, against the real server and its local devnets', () => {
  it('lists the local devnets by their real names, local and without an explorer, and no node URL', async () => {
    const answer = await member.get('/api/v1/chains')
    const chains = (JSON.parse(answer.text) as { chains: PublicChain[] }).chains
    expect(chains.map((each) => [each.id, each.name, each.local, each.explorer, each.rpcPath])).toEqual([
      [84532, 'Base Sepolia', true, null, '/api/v1/rpc/84532'],
      [421614, 'Arbitrum Sepolia', true, null, '/api/v1/rpc/421614'],
      ['devnet', 'Solana Devnet', true, null, '/api/v1/rpc/devnet'],
    ])
    expect(answer.text).not.toContain('127.0.0.1')
  })

  it('funds 1 ETH and 10 USDC on both EVM devnets, and SOL and USDC on Solana, over HTTP', async () => {
    for (const chainId of [84532, 421614]) {
      for (const [asset, amount] of [
        ['native', '1'],
        ['USDC', '10'],
      ] as const) {
        const answer = await faucet(member, { address: evmAddress, chainId, asset, amount })
        expect(answer.status, `${chainId} ${asset}`).toBe(200)
        expect(answer.body).toEqual({ chainId, asset, amount, address: evmAddress })
      }
    }
    const sol = await faucet(member, {
      address: solanaOwner.address,
      chainId: 'devnet',
      asset: 'native',
      amount: '2',
    })
    expect(sol.status).toBe(200)
    expect(sol.body).toEqual({
      chainId: 'devnet',
      asset: 'native',
      amount: '2',
      address: solanaOwner.address,
    })
    const usdc = await faucet(member, {
      address: solanaOwner.address,
      chainId: 'devnet',
      asset: 'USDC',
      amount: '10',
    })
    expect(usdc.status).toBe(200)
  })

  it('reads every balance exactly through the server’s own proxy, one request per chain', async () => {
    const { readings, sent } = await readAll(member)
    expect(sent).toEqual(['/api/v1/rpc/84532', '/api/v1/rpc/421614', '/api/v1/rpc/devnet'])
    expect(readings.map((each) => each.error)).toEqual([null, null, null])
    expect(balancesOf(readings)).toEqual({
      84532: { native: ether, nativeDecimals: 18, usdc: { amount: 10_000_000n, decimals: 6 } },
      421614: { native: ether, nativeDecimals: 18, usdc: { amount: 10_000_000n, decimals: 6 } },
      devnet: { native: 2n * oneSol, nativeDecimals: 9, usdc: { amount: 10_000_000n, decimals: 6 } },
    })
  })

  it('sums two USDC token accounts of one owner on Solana (the associated one and another)', async () => {
    // A second, non-associated token account for the same owner and mint, made by a real transaction the owner
    // signs here and sends through the proxy, as a wallet would: it moves 2.5 of the 10 USDC into it.
    const second = await generateKeyPairSigner()
    const rent = BigInt(
      (await proxied(member, 'devnet', 'getMinimumBalanceForRentExemption', [getTokenSize()])) as number,
    )
    const [ata] = await findAssociatedTokenPda({
      owner: solanaOwner.address,
      mint: usdcMint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const latest = (await proxied(member, 'devnet', 'getLatestBlockhash', [])) as {
      value: { blockhash: Blockhash; lastValidBlockHeight: number }
    }
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(solanaOwner, message),
        (message) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: latest.value.blockhash,
              lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight),
            },
            message,
          ),
        (message) =>
          appendTransactionMessageInstructions(
            [
              getCreateAccountInstruction({
                payer: solanaOwner,
                newAccount: second,
                lamports: rent,
                space: getTokenSize(),
                programAddress: TOKEN_PROGRAM_ADDRESS,
              }),
              getInitializeAccount3Instruction({
                account: second.address,
                mint: usdcMint,
                owner: solanaOwner.address,
              }),
              getTransferInstruction({
                source: ata,
                destination: second.address,
                authority: solanaOwner,
                amount: 2_500_000n,
              }),
            ],
            message,
          ),
      ),
    )
    const signature = await proxied(member, 'devnet', 'sendTransaction', [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64' },
    ])
    const statuses = (await proxied(member, 'devnet', 'getSignatureStatuses', [[signature]])) as Json
    expect(statuses.value[0]?.err).toBeNull()
    // And the faucet credits 1 more, to the associated account.
    expect(
      (await faucet(member, { address: solanaOwner.address, chainId: 'devnet', asset: 'USDC', amount: '1' }))
        .status,
    ).toBe(200)

    const accounts = (await proxied(member, 'devnet', 'getTokenAccountsByOwner', [
      solanaOwner.address,
      { mint: usdcMint },
      { encoding: 'jsonParsed' },
    ])) as Json
    expect(
      Object.fromEntries(
        accounts.value.map((each: Json) => [each.pubkey, each.account.data.parsed.info.tokenAmount.amount]),
      ),
    ).toEqual({ [ata]: '8500000', [second.address]: '2500000' })

    const { readings } = await readAll(member)
    // Two signatures (the owner's and the new account's) paid, and the new account's rent.
    expect(balancesOf(readings).devnet).toEqual({
      native: 2n * oneSol - rent - 2n * feePerSignature,
      nativeDecimals: 9,
      usdc: { amount: 11_000_000n, decimals: 6 },
    })
    beforeRestart = balancesOf(readings)
  })

  it('gives null for a chain whose RPC URL is dead, while the others load', async () => {
    const chains = await offeredChains(member)
    const dead = `http://127.0.0.1:${await findFreePort()}/`
    const { rpc } = proxyClient(member)
    const readings = await getBalances(rpc, {
      address: evmAddress,
      chains: chains
        .filter((chain) => chain.type === 'ethereum')
        .map((chain) => (chain.id === 421614 ? { ...chain, rpcUrl: dead } : chain)),
    })
    expect(readings[0]?.balances).toEqual({
      native: ether,
      nativeDecimals: 18,
      usdc: { amount: 10_000_000n, decimals: 6 },
    })
    expect(readings[1]?.balances).toBeNull()
    expect(readings[1]?.error?.shortMessage).toBe('Could not read the balances on chain 421614')
  })

  it('reports each chain in /api/health with its height, as a local devnet', async () => {
    let detail = ''
    for (let tries = 0; tries < 100 && !/height \d+.*height \d+.*height \d+/.test(detail); tries++) {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as Json
      detail = health.parts.chains?.detail ?? ''
      if (!detail.includes('height')) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(detail).toMatch(
      /^Base Sepolia \(84532, local devnet\): height \d+; Arbitrum Sepolia \(421614, local devnet\): height \d+; Solana Devnet \(devnet, local devnet\): height \d+$/,
    )
  })

  it('keeps every balance across a restart on the same data folder', async () => {
    const before = balancesOf((await readAll(member)).readings)
    expect(before).toEqual(beforeRestart)
    await server.close()
    server = await startServer()
    const again = memberOn(server)
    const { readings } = await readAll(again)
    expect(readings.map((each) => each.error)).toEqual([null, null, null])
    expect(balancesOf(readings)).toEqual(before)
    member = again
  }, 60_000)
})

describe('the faucet refuses, with a message naming what is wrong, and credits nothing', () => {
  const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  it.each([
    ['a negative amount', { asset: 'native', amount: '-1' }, 'amount: The amount cannot be negative'],
    [
      'a huge amount of ETH',
      { asset: 'native', amount: '1000.000000000000000001' },
      'amount: the faucet gives at most 1000 ETH per call',
    ],
    [
      'a huge amount of USDC',
      { asset: 'USDC', amount: '100001' },
      'amount: the faucet gives at most 100000 USDC per call',
    ],
    [
      'more decimals than USDC has',
      { asset: 'USDC', amount: '0.0000001' },
      'amount: USDC has at most 6 decimals',
    ],
    [
      'more decimals than ETH has',
      { asset: 'native', amount: '0.0000000000000000001' },
      'amount: ETH has at most 18 decimals',
    ],
    ['a word', { asset: 'native', amount: 'ten' }, 'amount: Enter the amount as a number'],
    ['an exponent', { asset: 'native', amount: '1e3' }, 'amount: Enter the amount as a number'],
    ['zero', { asset: 'native', amount: '0' }, 'amount: Enter an amount greater than 0'],
    [
      'an address that is not one',
      { address: '0x1234', asset: 'native', amount: '1' },
      'address: not an EVM address',
    ],
    [
      'a Solana address on an EVM chain',
      { address: solanaAddress, asset: 'native', amount: '1' },
      'address: not an EVM address',
    ],
    [
      'an EVM address on Solana',
      { chainId: 'devnet', asset: 'native', amount: '1' },
      'address: not a Solana address',
    ],
    [
      'a chain that is not offered',
      { chainId: 8453, asset: 'native', amount: '1' },
      'chainId: the faucet funds the local devnets only (84532, 421614, devnet)',
    ],
    ['another asset', { asset: 'DAI', amount: '1' }, 'asset'],
  ])('%s (400 invalid_data)', async (_name, change, message) => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const answer = await faucet(member, { address, chainId: 84532, ...change })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_data')
    expect(answer.body.error).toContain(message)
    expect(await proxied(member, 84532, 'eth_getBalance', [address, 'latest'])).toBe('0x0')
  })

  it('too little SOL for a new Solana account to exist (400, naming the minimum); the minimum itself is credited', async () => {
    const { address } = await generateKeyPairSigner()
    const fund = (amount: string) => faucet(member, { address, chainId: 'devnet', asset: 'native', amount })
    const balance = async () =>
      ((await proxied(member, 'devnet', 'getBalance', [address])) as { value: number }).value
    const tooLittle = await fund('0.0000001')
    expect(tooLittle.status).toBe(400)
    expect(tooLittle.body).toMatchObject({
      code: 'invalid_data',
      error: expect.stringContaining(
        'amount: a new Solana account needs at least 0.00089088 SOL (its rent-exempt minimum)',
      ),
    })
    expect(await balance()).toBe(0)
    expect((await fund('0.00089088')).status).toBe(200)
    // An account that exists takes any amount.
    expect((await fund('0.0000001')).status).toBe(200)
    expect(await balance()).toBe(890_880 + 100)
  })

  it('a caller who is not signed in (401), crediting nothing', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const answer = await new ApiClient(server.url).post('/api/dev/faucet', {
      address,
      chainId: 84532,
      asset: 'native',
      amount: '1',
    })
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe('must_be_authenticated')
    expect(await proxied(member, 84532, 'eth_getBalance', [address, 'latest'])).toBe('0x0')
  })
})

describe('a production-mode server', () => {
  it('has no faucet and never starts a local devnet, even with LOCAL_CHAINS=on', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'charter-production-'))
    // Its one chain's node is a port nobody listens on: nothing here leaves this machine.
    const production = await startTestServer({
      dataDir: folder,
      env: {
        ...productionTestEnv('84532', { RPC_URL_84532: `http://127.0.0.1:${await findFreePort()}/` }),
        LOCAL_CHAINS: 'on',
      },
    })
    try {
      const answer = await new ApiClient(production.url).post('/api/dev/faucet', {
        address: evmAddress,
        chainId: 84532,
        asset: 'native',
        amount: '1',
      })
      // Not 401: the route is not there at all, for anyone.
      expect(answer.status).toBe(404)
      const chains = (
        JSON.parse((await new ApiClient(production.url).get('/api/v1/chains')).text) as {
          chains: PublicChain[]
        }
      ).chains
      expect(chains.map((each) => [each.id, each.local])).toEqual([[84532, false]])
      expect(existsSync(join(folder, 'chains'))).toBe(false)
      expect(anvilsServing(folder)).toEqual([])
    } finally {
      await production.close()
      await rm(folder, { recursive: true, force: true })
    }
  })
})
