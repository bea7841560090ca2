import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { encodeFunctionData, erc20Abi, type Hex, keccak256, parseEther, parseUnits, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sends, walletNonces, wallets } from '../db/schema.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { proxiedRpc, tokenBalance } from '../testing/proxiedRpc.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, WalletCaller } from '../testing/WalletCaller.ts'
import { followPendingSends } from './sends/sendRecords.ts'

const chainId = 84532
const caip2 = `eip155:${chainId}`

let server: TestServer
let me: WalletCaller
let evm: MemberWallet
/** The phone number the member signed in with: a second session (another device) signs in with it too. */
let phone: string
let usdc: Hex

/** JSON-RPC to the local Base Sepolia through the server's proxy, as the member's browser would. */
const rpc = (method: string, params: unknown[]) => proxiedRpc(me.api, chainId, method, params)

const balance = async (address: string) => BigInt(await rpc('eth_getBalance', [address, 'latest']))
const nonceOf = async (address: string) =>
  Number(BigInt(await rpc('eth_getTransactionCount', [address, 'latest'])))
const usdcBalance = (address: string) => tokenBalance(me.api, chainId, usdc, address)

/** A send with a fresh idempotency key (unless given), and the expiry the caller adds to every request. */
function send(
  transaction: Record<string, unknown>,
  options: {
    key?: string | null
    extra?: Record<string, unknown>
    caller?: WalletCaller
    walletId?: string
  } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key
  return (options.caller ?? me).post(
    `/api/v1/wallets/${options.walletId ?? evm.id}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction, ...options.extra } },
    { headers: key === null ? {} : { 'privy-idempotency-key': key } },
  )
}

/** The send the list shows for `hash`, read until it is no longer pending. */
async function settled(hash: string, caller = me, walletId = evm.id): Promise<Json> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const list = await caller.api.get(`/api/v1/wallets/${walletId}/sends?limit=100`)
    expect(list.status).toBe(200)
    const found = (JSON.parse(list.text) as Json).data.find((each: Json) => each.hash === hash)
    expect(found).toBeDefined()
    const one = await caller.api.get(`/api/v1/wallets/${walletId}/sends/${found.id}`)
    const body = JSON.parse(one.text) as Json
    if (body.status !== 'pending') return body
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`send ${hash} stayed pending`)
}

const recipient = () => privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  const member = await fundedMember(server.url, [
    { chainId, asset: 'native', amount: '5' },
    { chainId, asset: 'USDC', amount: '100' },
  ])
  me = member.caller
  evm = member.wallet('ethereum')
  phone = member.address
  const chains = JSON.parse((await me.api.get('/api/v1/chains')).text) as Json
  usdc = chains.chains.find((chain: Json) => chain.id === chainId).usdc.address
}, 120_000)

afterAll(() => server?.close())

describe('eth_sendTransaction on a local devnet', () => {
  it('sends ETH: the recipient gets exactly the value, the sender pays the value and the fee, confirmed', async () => {
    const to = recipient()
    const before = await balance(evm.address)
    const value = parseEther('0.25')
    const answer = await send({ to, value: value.toString() })
    expect(answer.status, answer.text).toBe(200)
    const body = JSON.parse(answer.text) as Json
    expect(body).toEqual({
      method: 'eth_sendTransaction',
      data: { caip2, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    const sent = await settled(body.data.hash)
    expect(sent).toMatchObject({ status: 'confirmed', caip2, to, value: value.toString(), token: null })
    expect(sent.block_number).toMatch(/^\d+$/)
    const receipt = await rpc('eth_getTransactionReceipt', [body.data.hash])
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
    expect(await balance(to)).toBe(value)
    expect(await balance(evm.address)).toBe(before - value - fee)
    // Activity lists the send in words.
    const activity = JSON.parse((await me.api.get('/api/v1/wallets/activity')).text) as Json
    expect(JSON.stringify(activity)).toContain(`Sent 0.25 ETH to ${to}`)
  })

  it('sends type 2 with its max fee when type 2 comes with a gas price too, as eth_signTransaction signs it', async () => {
    const maxFee = 3_000_000_000n
    const answer = await send({
      to: recipient(),
      value: '1',
      type: 2,
      max_fee_per_gas: maxFee.toString(),
      gas_price: '21000',
    })
    expect(answer.status, answer.text).toBe(200)
    const hash = (JSON.parse(answer.text) as Json).data.hash
    await settled(hash)
    const sent = await rpc('eth_getTransactionByHash', [hash])
    expect(sent.type).toBe('0x2')
    expect(BigInt(sent.maxFeePerGas)).toBe(maxFee)
  })

  it('follows a send nobody reads: the periodic sweep confirms it', async () => {
    const answer = await send({ to: recipient(), value: '11' })
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    const { db } = await sharedTestDatabase()
    const statusOf = async () => (await db.select().from(sends).where(eq(sends.hash, hash)))[0]
    expect(await statusOf()).toMatchObject({ status: 'pending', blockNumber: null })
    // The devnet answers a broadcast before it has mined it: the sweep is run once the block is there.
    await expect.poll(() => rpc('eth_getTransactionReceipt', [hash]), { timeout: 10_000 }).toBeTruthy()
    await followPendingSends(db, server.parts.registry.get('chains').adapter)
    expect(await statusOf()).toMatchObject({
      status: 'confirmed',
      blockNumber: expect.stringMatching(/^\d+$/),
    })
  })

  it('sends USDC with transfer calldata: both token balances move by exactly the amount', async () => {
    const to = recipient()
    const amount = parseUnits('2.5', 6)
    const beforeToken = await usdcBalance(evm.address)
    const before = await balance(evm.address)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    const answer = await send({ to: usdc, data })
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    const sent = await settled(hash)
    expect(sent).toMatchObject({
      status: 'confirmed',
      token: { symbol: 'USDC', to, amount: amount.toString() },
    })
    const receipt = await rpc('eth_getTransactionReceipt', [hash])
    expect(await usdcBalance(to)).toBe(amount)
    expect(await usdcBalance(evm.address)).toBe(beforeToken - amount)
    expect(await balance(evm.address)).toBe(
      before - BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice),
    )
  })

  it('answers a replay with the first hash and sends once, at this server and at a second one', async () => {
    const key = randomUUID()
    const transaction = { to: recipient(), value: '1000' }
    const first = await send(transaction, { key })
    expect(first.status, first.text).toBe(200)
    const nonceAfterFirst = await nonceOf(evm.address)
    const again = await send(transaction, { key })
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text))
    expect(again.headers.get('privy-idempotency-replayed')).toBe('true')
    // A second server process on the same database (this one offers no chain at all: the answer is the stored one).
    // The same app: every replica of a deployment is given the same APP_ID.
    const second = await startTestServer({ env: { APP_ID: server.appId } })
    try {
      const there = me.at(second.url)
      const replayed = await send(transaction, { key, caller: there })
      expect(replayed.status, replayed.text).toBe(200)
      expect(JSON.parse(replayed.text)).toEqual(JSON.parse(first.text))
    } finally {
      await second.close()
    }
    // Another session of the same member (its own idempotency keys in the middleware): the send's record under
    // (wallet, key) still answers the first hash, and a different send under that key is refused.
    const device = new WalletCaller(new ApiClient(server.url))
    expect((await device.signIn('phone', phone)).status).toBe(200)
    const fromDevice = await send(transaction, { key, caller: device })
    expect(fromDevice.status, fromDevice.text).toBe(200)
    expect(JSON.parse(fromDevice.text)).toEqual(JSON.parse(first.text))
    const differentSend = await send({ ...transaction, value: '2000' }, { key, caller: device })
    expect(differentSend.status).toBe(409)
    expect(await nonceOf(evm.address)).toBe(nonceAfterFirst)
    await settled(JSON.parse(first.text).data.hash)
    expect(await balance(transaction.to)).toBe(1000n)
  })

  it('gives 20 concurrent sends from one wallet 20 distinct consecutive nonces, and all confirm', async () => {
    const start = await nonceOf(evm.address)
    const to = recipient()
    const answers = await Promise.all(Array.from({ length: 20 }, () => send({ to, value: '7' })))
    for (const answer of answers) expect(answer.status, answer.text).toBe(200)
    const hashes = answers.map((answer) => (JSON.parse(answer.text) as Json).data.hash as string)
    const sends = await Promise.all(hashes.map((hash) => settled(hash)))
    expect(sends.map((each) => each.status)).toEqual(Array(20).fill('confirmed'))
    expect(sends.map((each) => each.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => start + index),
    )
    expect(await nonceOf(evm.address)).toBe(start + 20)
    expect(await balance(to)).toBe(140n)
    // Pages of 7 go through sends made at the same moment without skipping or repeating one.
    const paged: string[] = []
    let before: string | null = null
    do {
      const query: string = before === null ? 'limit=7' : `limit=7&before=${before}`
      const page = JSON.parse((await me.api.get(`/api/v1/wallets/${evm.id}/sends?${query}`)).text) as Json
      paged.push(...page.data.map((each: Json) => each.hash))
      before = page.next_before
    } while (before !== null)
    expect(new Set(paged).size).toBe(paged.length)
    expect(paged).toEqual(expect.arrayContaining(hashes))
  }, 60_000)

  it('after a crash between recording and broadcast: the send is interrupted, never sent, its nonce reused', async () => {
    // What a server killed between allocation and broadcast leaves in the database: the send recorded, pending,
    // never broadcast, and the lease it held (run out by now).
    const { db } = await sharedTestDatabase()
    const [row] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, evm.id))
    const nonce = Number(BigInt(await rpc('eth_getTransactionCount', [evm.address, 'pending'])))
    const ghost = { id: randomUUID(), hash: keccak256(toHex(randomUUID())) }
    await db.insert(sends).values({
      ...ghost,
      userId: row?.userId as string,
      walletId: evm.id,
      idempotencyKey: 'sent-before-the-crash',
      caip2,
      chainId,
      nonce,
      toAddress: recipient(),
      value: '5',
      signedTransaction: '0x02',
      status: 'pending',
    })
    await db
      .insert(walletNonces)
      .values({ walletId: evm.id, chainId, leaseHolder: 'crashed', leaseEndsAt: new Date(Date.now() - 1000) })
      .onConflictDoUpdate({
        target: [walletNonces.walletId, walletNonces.chainId],
        set: { leaseHolder: 'crashed', leaseEndsAt: new Date(Date.now() - 1000) },
      })
    const answer = await send({ to: recipient(), value: '9' })
    expect(answer.status, answer.text).toBe(200)
    const next = await settled((JSON.parse(answer.text) as Json).data.hash)
    expect(next).toMatchObject({ status: 'confirmed', nonce })
    const interrupted = JSON.parse(
      (await me.api.get(`/api/v1/wallets/${evm.id}/sends/${ghost.id}`)).text,
    ) as Json
    expect(interrupted).toMatchObject({
      status: 'interrupted',
      reason: expect.stringContaining('never sent'),
    })
    expect(await rpc('eth_getTransactionByHash', [ghost.hash])).toBeNull()
    // Its key never sends: a retry is told so.
    const retried = await send({ to: recipient(), value: '5' }, { key: 'sent-before-the-crash' })
    expect(retried.status).toBe(409)
    expect(JSON.parse(retried.text).error).toMatch(/interrupted before it was broadcast/)
  })

  it('a broadcast the node refuses is failed with its reason, and its nonce is the next send’s: no gap', async () => {
    const nonce = Number(BigInt(await rpc('eth_getTransactionCount', [evm.address, 'pending'])))
    // A max fee of 1 wei is below any base fee: the node refuses the signed transaction.
    const key = randomUUID()
    const transaction = {
      to: recipient(),
      value: '3',
      gas_limit: 21_000,
      max_fee_per_gas: 1,
      max_priority_fee_per_gas: 0,
    }
    const refused = await send(transaction, { key })
    expect(refused.status, refused.text).toBe(400)
    expect(JSON.parse(refused.text)).toMatchObject({
      code: -32000,
      error: expect.stringMatching(/^The node refused the transaction: .+ Nothing was sent\.$/),
    })
    const listed = JSON.parse((await me.api.get(`/api/v1/wallets/${evm.id}/sends?limit=1`)).text) as Json
    expect(listed.data[0]).toMatchObject({
      status: 'failed',
      nonce,
      reason: expect.stringMatching(/^refused by the node: /),
    })
    // The refusal is that key's answer: a replay gets it again and sends nothing.
    const replayed = await send(transaction, { key })
    expect(JSON.parse(replayed.text)).toEqual(JSON.parse(refused.text))
    expect(replayed.headers.get('privy-idempotency-replayed')).toBe('true')
    const next = await send({ to: recipient(), value: '3' })
    expect(next.status, next.text).toBe(200)
    expect(await settled((JSON.parse(next.text) as Json).data.hash)).toMatchObject({
      status: 'confirmed',
      nonce,
    })
  })

  it('refuses an overdraft before signing: a clear -32000, no nonce used, nothing recorded', async () => {
    const start = await nonceOf(evm.address)
    const listed = JSON.parse((await me.api.get(`/api/v1/wallets/${evm.id}/sends?limit=100`)).text) as Json
    const held = await balance(evm.address)
    const overdraft = await send({ to: recipient(), value: (held + 1n).toString() })
    expect(overdraft.status).toBe(400)
    expect(JSON.parse(overdraft.text)).toMatchObject({
      code: -32000,
      error: expect.stringMatching(/^insufficient funds: /),
    })
    // The value fits, the value and the fee do not.
    const noRoomForFee = await send({ to: recipient(), value: held.toString() })
    expect(JSON.parse(noRoomForFee.text)).toMatchObject({
      code: -32000,
      error: expect.stringContaining('maximum fee'),
    })
    const tooMuchUsdc = await send({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient(), (await usdcBalance(evm.address)) + 1n],
      }),
    })
    expect(JSON.parse(tooMuchUsdc.text)).toMatchObject({
      code: -32000,
      error: expect.stringMatching(/^insufficient funds: the transfer is [\d.]+ USDC and the wallet holds/),
    })
    expect(await nonceOf(evm.address)).toBe(start)
    const after = JSON.parse((await me.api.get(`/api/v1/wallets/${evm.id}/sends?limit=100`)).text) as Json
    expect(after.data.length).toBe(listed.data.length)
  })

  it('refuses hostile and ambiguous fields by name, before signing', async () => {
    const start = await nonceOf(evm.address)
    const to = recipient()
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ to, value: (2n ** 256n - 1n).toString() }, -32000, /^insufficient funds/],
      [{ to, value: (2n ** 256n).toString() }, -32602, /value/],
      [{ to, value: '1', nonce: -1 }, -32602, /nonce/],
      [{ to, value: '1', nonce: 1.5 }, -32602, /nonce/],
      [{ to, value: '1', nonce: '-1' }, -32602, /nonce/],
      [{ to, value: '1', gas_limit: 0 }, -32602, /gas_limit/],
      [{ to, value: '1', gas_limit: (2n ** 64n).toString() }, -32602, /gas_limit/],
      [{ to, value: '1', chain_id: 1 }, -32602, /chain_id/],
      [{ to, value: '1', from: recipient() }, -32602, /from/],
      [{ to, value: '1', gas_price: '1', max_fee_per_gas: '2' }, -32602, /either gas_price/],
      [
        { to, value: '1', max_fee_per_gas: '1', max_priority_fee_per_gas: '2' },
        -32602,
        /max_priority_fee_per_gas/,
      ],
      [{ to, value: '1', nonce: start + 5 }, -32602, /not this wallet's next nonce/],
      // A fee above the cap (0.01 ETH by default) needs allow_high_fee.
      [
        { to, value: '1', gas_limit: 21_000, max_fee_per_gas: parseEther('0.000001').toString() },
        -32602,
        /allow_high_fee/,
      ],
    ]
    for (const [transaction, code, message] of cases) {
      const answer = await send(transaction)
      expect(answer.status, JSON.stringify(transaction)).toBe(400)
      const body = JSON.parse(answer.text) as Json
      expect(body.code, `${JSON.stringify(transaction)}: ${body.error}`).toBe(code)
      expect(body.error, JSON.stringify(transaction)).toMatch(message)
    }
    const unknownChain = await me.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'eth_sendTransaction', caip2: 'eip155:1', params: { transaction: { to, value: '1' } } },
      { headers: { 'privy-idempotency-key': randomUUID() } },
    )
    expect(JSON.parse(unknownChain.text)).toMatchObject({
      code: 4902,
      error: expect.stringContaining('eip155:1'),
    })
    expect(await nonceOf(evm.address)).toBe(start)
  })

  it('requires both the idempotency key and the expiry', async () => {
    const noKey = await send({ to: recipient(), value: '1' }, { key: null })
    expect(noKey.status).toBe(400)
    expect(JSON.parse(noKey.text).error).toMatch(/privy-idempotency-key/)
    const noExpiry = await me.api.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'eth_sendTransaction', caip2, params: { transaction: { to: recipient(), value: '1' } } },
      {
        'privy-app-id': me.appId,
        'privy-idempotency-key': 'k1',
        'privy-authorization-signature': me.signature(
          `/api/v1/wallets/${evm.id}/rpc`,
          { method: 'eth_sendTransaction', caip2, params: { transaction: { to: recipient(), value: '1' } } },
          { 'privy-idempotency-key': 'k1' },
        ),
      },
    )
    expect(noExpiry.status).toBe(400)
    expect(JSON.parse(noExpiry.text).error).toMatch(/privy-request-expiry/)
  })

  it('sends nothing for a signed request past its expiry: refused, nothing recorded, the balance unchanged', async () => {
    const to = recipient()
    const path = `/api/v1/wallets/${evm.id}/rpc`
    const body = { method: 'eth_sendTransaction', caip2, params: { transaction: { to, value: '1' } } }
    const headers = {
      'privy-idempotency-key': randomUUID(),
      'privy-request-expiry': String(Date.now() - 5 * 60_000),
    }
    const before = await me.api.get(`/api/v1/wallets/${evm.id}/sends?limit=100`)
    const expired = await me.api.post(path, body, {
      'privy-app-id': me.appId,
      ...headers,
      'privy-authorization-signature': me.signature(path, body, headers),
    })
    expect(expired.status).toBe(400)
    expect(JSON.parse(expired.text).error).toMatch(/expir/i)
    const after = await me.api.get(`/api/v1/wallets/${evm.id}/sends?limit=100`)
    expect(JSON.parse(after.text).data).toHaveLength(JSON.parse(before.text).data.length)
    expect(await rpc('eth_getBalance', [to, 'latest'])).toBe('0x0')
  })

  it('sends nothing for a stolen cookie without the device key, nor for another member’s wallet', async () => {
    const start = await nonceOf(evm.address)
    const body = {
      method: 'eth_sendTransaction',
      caip2,
      params: { transaction: { to: recipient(), value: '1' } },
    }
    const thief = new ApiClient(server.url)
    thief.cookie = me.api.cookie
    const unsigned = await thief.post(`/api/v1/wallets/${evm.id}/rpc`, body, {
      'privy-idempotency-key': randomUUID(),
      'privy-request-expiry': String(Date.now() + 60_000),
    })
    expect(unsigned.status).toBe(401)
    // Signed with a key the session is not bound to.
    const otherKey = new WalletCaller(thief)
    const forged = await thief.post(`/api/v1/wallets/${evm.id}/rpc`, body, {
      'privy-app-id': otherKey.appId,
      'privy-idempotency-key': 'stolen',
      'privy-request-expiry': String(Date.now() + 60_000),
      'privy-authorization-signature': otherKey.signature(`/api/v1/wallets/${evm.id}/rpc`, body, {
        'privy-idempotency-key': 'stolen',
        'privy-request-expiry': String(Date.now() + 60_000),
      }),
    })
    expect(forged.status).toBe(401)
    const other = await signedInMember(server.url)
    const notTheirs = await send({ to: recipient(), value: '1' }, { caller: other.caller })
    expect(notTheirs.status).toBe(404)
    expect((await other.api.get(`/api/v1/wallets/${evm.id}/sends`)).status).toBe(404)
    const anon = new ApiClient(server.url)
    expect((await anon.get(`/api/v1/wallets/${evm.id}/sends`)).status).toBe(401)
    expect(await nonceOf(evm.address)).toBe(start)
  })
})

describe('one member’s send with an absurd tip on the local devnet', () => {
  const absurdTip = 5_000_000_000_000n // 5,000 gwei
  /** The tip the chain's node suggests now (anvil's: the lowest tip of the latest block, one send per block). */
  const nodeTip = async () => BigInt(await rpc('eth_maxPriorityFeePerGas', []))
  const absurdSend = async () => {
    const block = await rpc('eth_getBlockByNumber', ['latest', false])
    const answer = await send(
      {
        to: recipient(),
        value: '1',
        max_priority_fee_per_gas: absurdTip.toString(),
        max_fee_per_gas: (2n * BigInt(block.baseFeePerGas) + absurdTip).toString(),
      },
      { extra: { allow_high_fee: true } },
    )
    expect(answer.status, answer.text).toBe(200)
    await settled((JSON.parse(answer.text) as Json).data.hash)
  }

  it('is not suggested to another member: their next send pays a normal tip', async () => {
    const other = await fundedMember(server.url, [{ chainId, asset: 'native', amount: '1' }])
    const otherEvm = other.wallet('ethereum')
    const normalTip = await nodeTip()
    expect(normalTip).toBeLessThan(absurdTip / 1000n)

    await absurdSend()
    // The node now suggests the absurd tip to everyone: that is the reading Charter must not pass on.
    expect(await nodeTip()).toBeGreaterThanOrEqual(absurdTip)

    const answer = await send(
      { to: recipient(), value: '1' },
      { caller: other.caller, walletId: otherEvm.id },
    )
    expect(answer.status, answer.text).toBe(200)
    const hash = (JSON.parse(answer.text) as Json).data.hash
    expect((await settled(hash, other.caller, otherEvm.id)).status).toBe('confirmed')
    const sent = await rpc('eth_getTransactionByHash', [hash])
    expect(BigInt(sent.maxPriorityFeePerGas)).toBeLessThanOrEqual(normalTip)
    expect(BigInt(sent.maxFeePerGas)).toBeLessThan(absurdTip / 1000n)
  })

  it('leaves the faucet minting USDC at its own tip, not at the absurd one', async () => {
    await absurdSend()
    expect(await nodeTip()).toBeGreaterThanOrEqual(absurdTip)
    const minted = await me.api.post('/api/dev/faucet', {
      address: recipient(),
      chainId,
      asset: 'USDC',
      amount: '5',
    })
    expect(minted.status, minted.text).toBe(200)
    const block = await rpc('eth_getBlockByNumber', ['latest', true])
    const mint = block.transactions.find((each: Json) => each.to?.toLowerCase() === usdc.toLowerCase())
    expect(mint).toBeDefined()
    expect(BigInt(mint.maxPriorityFeePerGas)).toBe(1_000_000_000n)
  })
})
