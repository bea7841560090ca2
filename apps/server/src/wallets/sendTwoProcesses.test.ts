import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../devnets/evmDevnet/freePort.ts'
import { testDatabaseUrl } from '../settings/env.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { scratchDatabase } from '../testing/scratchDatabase.ts'
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../testing/serverProcess.ts'
import { spawnAnvil, type TestAnvil } from '../testing/spawnAnvil.ts'
import { WalletCaller, walletsOf } from '../testing/WalletCaller.ts'

const chainId = 84532
const caip2 = `eip155:${chainId}`
const postgres = testDatabaseUrl()

let anvil: TestAnvil | undefined
let database: { url: string; drop: () => Promise<void> } | undefined
let twilio: Server | undefined
/** Each text the servers sent through the fake Twilio, by recipient, newest last. */
const texts = new Map<string, string[]>()
const servers: ServerProcess[] = []

/** What Twilio's Messages resource answers, keeping each message for the test to read its code. */
async function startFakeTwilio(): Promise<string> {
  twilio = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    const form = new URLSearchParams(body)
    const to = form.get('To') ?? ''
    texts.set(to, [...(texts.get(to) ?? []), form.get('Body') ?? ''])
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1","status":"queued"}')
  })
  const server = twilio
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/**
 * Charter in production mode, as a deployment of several replicas runs it: one PostgreSQL, one chain node (the
 * test's anvil, RPC_URL_84532), the same secrets; sign-in codes go by SMS through the fake Twilio.
 */
async function startReplica(twilioUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await findFreePort()
  const server = await startServerProcess({
    port,
    env: {
      CHARTER_MODE: 'production',
      // Every replica gives the same app id: access tokens carry it.
      APP_ID: 'cm0replicatestapp00000001',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url as string,
      // Members open the replica they call: the URL their device key signs is this one's.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: secrets.auth,
      WALLET_MASTER_KEY: secrets.wallet,
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilioUrl,
      SMS_ALLOWED_COUNTRIES: 'US',
      CODES_PER_CLIENT_PER_HOUR: '1000',
      NEW_DEVICE_HOLD_HOURS: '0',
      CHAINS: String(chainId),
      RPC_URL_84532: anvil?.url as string,
      ...env,
    },
  })
  servers.push(server)
  return server
}

const secrets = { auth: randomBytes(32).toString('hex'), wallet: randomBytes(32).toString('hex') }

beforeAll(async () => {
  if (!postgres) return
  database = await scratchDatabase(postgres)
  anvil = await spawnAnvil(chainId)
}, 120_000)

afterAll(async () => {
  await stopServerProcesses()
  await anvil?.stop()
  await new Promise<void>((resolve) => {
    if (!twilio) return resolve()
    twilio.closeAllConnections()
    twilio.close(() => resolve())
  })
  await database?.drop()
})

const send = (caller: WalletCaller, walletId: string, transaction: object, key: string) =>
  caller.post(
    `/api/v1/wallets/${walletId}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction } },
    { headers: { 'privy-idempotency-key': key } },
  )

/** Signs `phoneNumber` in at the caller's replica with the code the fake Twilio received; answers the user. */
async function signInBySms(caller: WalletCaller, phoneNumber: string): Promise<Json> {
  const init = await caller.api.post('/api/v1/passwordless_sms/init', { phoneNumber })
  expect(init.status, init.text).toBe(200)
  const code = texts
    .get(phoneNumber)
    ?.at(-1)
    ?.match(/\b(\d{6})\b/)?.[1]
  expect(code).toBeDefined()
  const signedIn = await caller.api.post('/api/v1/passwordless_sms/authenticate', {
    phoneNumber,
    code,
    authorization_key: caller.publicKeySpki,
  })
  expect(signedIn.status, signedIn.text).toBe(200)
  return signedIn.body.user
}

/** Every transaction `address` sent, read from the node's blocks. */
async function sentOnChain(node: TestAnvil, address: string): Promise<{ hash: string; nonce: number }[]> {
  const height = Number(BigInt((await node.rpc('eth_blockNumber')) as string))
  const sent: { hash: string; nonce: number }[] = []
  for (let number = 0; number <= height; number += 1) {
    const block = (await node.rpc('eth_getBlockByNumber', [`0x${number.toString(16)}`, true])) as Json
    for (const transaction of block?.transactions ?? []) {
      if (transaction.from.toLowerCase() === address.toLowerCase()) {
        sent.push({ hash: transaction.hash, nonce: Number(BigInt(transaction.nonce)) })
      }
    }
  }
  return sent
}

// Two server processes need one database they both reach: PostgreSQL (the server tests' second run).
describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  it('20 concurrent sends from one wallet, split across both: 20 distinct consecutive nonces, all confirm; a replay at the other process sends nothing', async () => {
    const twilioUrl = await startFakeTwilio()
    // One after the other: the first migrates the empty database.
    const a = await startReplica(twilioUrl)
    const b = await startReplica(twilioUrl)

    const phoneNumber = uniquePhoneNumber()
    const atA = new WalletCaller(new ApiClient(a.url))
    const user = await signInBySms(atA, phoneNumber)
    const wallet = walletsOf(user).find((each) => each.chain_type === 'ethereum')
    if (!wallet) throw new Error('the member has no EVM wallet')
    const node = anvil as TestAnvil
    await node.rpc('anvil_setBalance', [wallet.address, `0x${(10n ** 18n).toString(16)}`])
    const atB = atA.at(b.url)

    const to = privateKeyToAccount(generatePrivateKey()).address
    const keys = Array.from({ length: 20 }, () => randomUUID())
    const answers = await Promise.all(
      keys.map((key, i) => send(i % 2 === 0 ? atA : atB, wallet.id, { to, value: '7' }, key)),
    )
    for (const answer of answers) expect(answer.status, answer.text).toBe(200)
    const hashes = answers.map((answer) => (JSON.parse(answer.text) as Json).data.hash as string)
    expect(new Set(hashes).size).toBe(20)

    // Every one confirms, as either process tells it.
    await expect
      .poll(
        async () => {
          const list = await atB.api.get(`/api/v1/wallets/${wallet.id}/sends?limit=100`)
          return (JSON.parse(list.text) as Json).data.map((each: Json) => each.status)
        },
        { timeout: 60_000, interval: 250 },
      )
      .toEqual(Array(20).fill('confirmed'))
    const listed = (
      JSON.parse((await atA.api.get(`/api/v1/wallets/${wallet.id}/sends?limit=100`)).text) as Json
    ).data as Json[]
    expect(listed.map((each) => each.nonce).sort((x: number, y: number) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    )
    expect(listed.map((each) => each.hash).sort()).toEqual([...hashes].sort())

    // The chain holds exactly these 20, nonces 0 to 19, each once.
    const onChain = await sentOnChain(node, wallet.address)
    expect(onChain.map((each) => each.nonce)).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(onChain.map((each) => each.hash).sort()).toEqual([...hashes].sort())
    expect(BigInt((await node.rpc('eth_getBalance', [to, 'latest'])) as string)).toBe(140n)

    // A replay of a send made at A, at B (and of one made at B, at A): the first answer, nothing sent.
    const replayAtB = await send(atB, wallet.id, { to, value: '7' }, keys[0] as string)
    expect(replayAtB.status, replayAtB.text).toBe(200)
    expect(JSON.parse(replayAtB.text)).toEqual(JSON.parse(answers[0]?.text as string))
    const replayAtA = await send(atA, wallet.id, { to, value: '7' }, keys[1] as string)
    expect(replayAtA.status, replayAtA.text).toBe(200)
    expect(JSON.parse(replayAtA.text)).toEqual(JSON.parse(answers[1]?.text as string))
    // Another session of the member (a second device) replaying the key at B: the send's own record answers.
    const device = new WalletCaller(new ApiClient(b.url))
    await signInBySms(device, phoneNumber)
    const replayFromDevice = await send(device, wallet.id, { to, value: '7' }, keys[0] as string)
    expect(replayFromDevice.status, replayFromDevice.text).toBe(200)
    expect((JSON.parse(replayFromDevice.text) as Json).data.hash).toBe(hashes[0])
    expect(await sentOnChain(node, wallet.address)).toHaveLength(20)
    expect(
      Number(BigInt((await node.rpc('eth_getTransactionCount', [wallet.address, 'pending'])) as string)),
    ).toBe(20)

    for (const server of [a, b]) expect(await server.stop()).toEqual({ code: 0, signal: null })
  }, 300_000)

  it("new devices' budget holds under 20 concurrent sends across two server processes", async () => {
    const twilioUrl = await startFakeTwilio()
    const held = { NEW_DEVICE_HOLD_HOURS: '1' }
    const a = await startReplica(twilioUrl, held)
    const b = await startReplica(twilioUrl, held)
    const phoneNumber = uniquePhoneNumber()
    // The member signs up at A (that session is not held); the thief signs in with the same phone, twice: a new
    // device at each replica.
    const user = await signInBySms(new WalletCaller(new ApiClient(a.url)), phoneNumber)
    const wallet = walletsOf(user).find((each) => each.chain_type === 'ethereum')
    if (!wallet) throw new Error('the member has no EVM wallet')
    const node = anvil as TestAnvil
    await node.rpc('anvil_setBalance', [wallet.address, `0x${(10n ** 18n).toString(16)}`])
    const atA = new WalletCaller(new ApiClient(a.url))
    await signInBySms(atA, phoneNumber)
    const atB = new WalletCaller(new ApiClient(b.url))
    await signInBySms(atB, phoneNumber)

    // 20 sends of 0.004 ETH at once, half at each replica: each costs 0.004 ETH and its fee of the 0.05 ETH budget.
    const to = privateKeyToAccount(generatePrivateKey()).address
    const value = 4n * 10n ** 15n
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(i % 2 === 0 ? atA : atB, wallet.id, { to, value: value.toString() }, randomUUID()),
      ),
    )
    const sent = answers.filter((answer) => answer.status === 200)
    const heldAnswers = answers.filter((answer) => answer.status === 403)
    expect(sent.length + heldAnswers.length, answers.map((answer) => answer.text).join('\n')).toBe(20)
    for (const answer of heldAnswers) expect((JSON.parse(answer.text) as Json).code).toBe('action_held')
    expect(heldAnswers.length).toBeGreaterThan(0)
    // What left the wallet, value and fees, is within the budget: no process overshot it for the other.
    await expect
      .poll(async () => (await sentOnChain(node, wallet.address)).length, { timeout: 30_000 })
      .toBe(sent.length)
    const left = 10n ** 18n - BigInt((await node.rpc('eth_getBalance', [wallet.address, 'latest'])) as string)
    expect(left).toBeGreaterThanOrEqual(BigInt(sent.length) * value)
    expect(left).toBeLessThanOrEqual(5n * 10n ** 16n)
    expect(BigInt((await node.rpc('eth_getBalance', [to, 'latest'])) as string)).toBe(
      BigInt(sent.length) * value,
    )

    for (const server of [a, b]) expect(await server.stop()).toEqual({ code: 0, signal: null })
  }, 300_000)
})
