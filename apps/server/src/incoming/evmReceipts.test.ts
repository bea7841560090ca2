import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomingReceipts, organizationMembers, walletActivity } from '../db/schema.ts'
import { createLogger } from '../log/logger.ts'
import { fundedMember, fundFromFaucet } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import type { MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'
import { chainMarker } from './chainMarker.ts'
import { incomingReader } from './incomingReader.ts'
import { polledWallets } from './polledWallets.ts'
import {
  nameMember,
  nodeCall,
  organisationOf,
  ownerOf,
  readIncomingNow,
  receivedNews,
  receiveLines,
} from './testing/receivedHelpers.ts'

const chainId = 84532
const caip2 = `eip155:${chainId}`

let server: TestServer
let ana: { caller: WalletCaller; evm: MemberWallet }
let ben: { caller: WalletCaller; evm: MemberWallet }
let usdc: Hex
let anvilUrl: string
/** Someone outside Charter with ETH and USDC on the local Base Sepolia. */
const stranger = privateKeyToAccount(generatePrivateKey())

const db = async () => (await sharedTestDatabase()).db

function sendFrom(member: typeof ana, transaction: Record<string, unknown>) {
  return member.caller.post(
    `/api/v1/wallets/${member.evm.id}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction } },
    { headers: { 'privy-idempotency-key': randomUUID() } },
  )
}

const usdcTransfer = (to: string, amount: string) => ({
  to: usdc,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, parseUnits(amount, 6)],
  }),
})

/** The stranger's USDC transfer, straight to the node (not through Charter); mined unless mining is stopped. */
async function strangerPays(to: string, amount: string, wait = true): Promise<Hex> {
  const wallet = createWalletClient({ account: stranger, transport: http(anvilUrl) })
  const hash = await wallet.writeContract({
    chain: null,
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, parseUnits(amount, 6)],
  })
  if (wait) await createPublicClient({ transport: http(anvilUrl) }).waitForTransactionReceipt({ hash })
  return hash
}

/** Ben's receive line for `hash`, once a pass of the reader has found it. */
async function lineFor(hash: string, member = ben): Promise<Json> {
  await readIncomingNow(server)
  const lines = (await receiveLines(member.caller.api)).filter((line) => line.received.tx_hash === hash)
  expect(lines).toHaveLength(1)
  return lines[0]
}

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  const first = await fundedMember(server.url, [
    { chainId, asset: 'native', amount: '1' },
    { chainId, asset: 'USDC', amount: '50' },
  ])
  const second = await fundedMember(server.url, [{ chainId, asset: 'native', amount: '1' }])
  ana = { caller: first.caller, evm: first.wallet('ethereum') }
  ben = { caller: second.caller, evm: second.wallet('ethereum') }
  const anaId = await ownerOf(await db(), ana.evm.id)
  await nameMember(await db(), anaId, 'Ana Lopez')
  await organisationOf(await db(), 'Acme Co-op', [anaId, await ownerOf(await db(), ben.evm.id)])
  await fundFromFaucet(first.api, stranger.address, { chainId, asset: 'native', amount: '1' })
  await fundFromFaucet(first.api, stranger.address, { chainId, asset: 'USDC', amount: '100' })
  const chain = server.parts.registry.get('chains').adapter.find(String(chainId))
  if (!chain) throw new Error('no local Base Sepolia')
  anvilUrl = chain.rpcUrl
  usdc = (chain.info.usdc?.address ?? '') as Hex
}, 120_000)

afterAll(async () => {
  await nodeCall(anvilUrl, 'evm_setAutomine', [true]).catch(() => undefined)
  await server?.close()
})

describe('USDC received on an EVM chain', () => {
  it('lists a colleague’s transfer with their name, organisation and the block’s time, and announces it', async () => {
    const answer = await sendFrom(ana, usdcTransfer(ben.evm.address, '2.5'))
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    await createPublicClient({ transport: http(anvilUrl) }).waitForTransactionReceipt({ hash })
    const line = await lineFor(hash)
    const block = await nodeCall(anvilUrl, 'eth_getBlockByHash', [
      (await nodeCall(anvilUrl, 'eth_getTransactionReceipt', [hash])).blockHash,
      false,
    ])
    expect(line).toMatchObject({
      kind: 'receive',
      method: 'receive',
      wallet_id: ben.evm.id,
      summary: 'Received 2.5 USDC from Ana Lopez',
      decision: null,
      send: null,
      created_at: Number(BigInt(block.timestamp)),
      received: {
        chain_id: String(chainId),
        asset: 'usdc',
        symbol: 'USDC',
        decimals: 6,
        amount: '2500000',
        from_address: expect.stringMatching(new RegExp(`^${ana.evm.address}$`, 'i')),
        from: { user_id: expect.any(String), label: 'Ana Lopez', organizations: ['Acme Co-op'] },
        tx_hash: hash,
        // A local devnet: no explorer sees it.
        explorer_url: null,
      },
    })
    const news = await receivedNews(ben.caller.api)
    expect(news.find((each) => each.tx_hash === hash)).toMatchObject({
      id: line.id,
      created_at: line.created_at,
      amount: '2500000',
      from: { label: 'Ana Lopez' },
    })
    // Ana's own activity has her send, not a receipt.
    expect((await receiveLines(ana.caller.api)).some((each) => each.received.tx_hash === hash)).toBe(false)
  })

  it('shows a stranger’s transfer by its short address, with no sender', async () => {
    const hash = await strangerPays(ben.evm.address, '1')
    const line = await lineFor(hash)
    const short = `${stranger.address.slice(0, 5).toLowerCase()}…${stranger.address.slice(-4).toLowerCase()}`
    expect(line.summary).toBe(`Received 1 USDC from ${short}`)
    expect(line.received).toMatchObject({ from: null, amount: '1000000', asset: 'usdc' })
    expect(line.received.from_address.toLowerCase()).toBe(stranger.address.toLowerCase())
  })

  it('lists native ETH a colleague sent through Charter once, though both the send record and the block show it', async () => {
    const answer = await sendFrom(ana, { to: ben.evm.address, value: parseUnits('0.1', 18).toString() })
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    await createPublicClient({ transport: http(anvilUrl) }).waitForTransactionReceipt({ hash })
    const line = await lineFor(hash)
    expect(line.summary).toBe('Received 0.1 ETH from Ana Lopez')
    expect(line.received).toMatchObject({
      asset: 'native',
      symbol: 'ETH',
      decimals: 18,
      amount: '100000000000000000',
    })
    await readIncomingNow(server)
    expect(
      (await receiveLines(ben.caller.api)).filter((each) => each.received.tx_hash === hash),
    ).toHaveLength(1)
  })

  it('finds a transfer mined in the same block as one of the member’s own sends', async () => {
    await nodeCall(anvilUrl, 'evm_setAutomine', [false])
    let own: string
    let incoming: Hex
    try {
      const answer = await sendFrom(ben, {
        to: privateKeyToAccount(generatePrivateKey()).address,
        value: '1000',
      })
      expect(answer.status, answer.text).toBe(200)
      own = (JSON.parse(answer.text) as Json).data.hash
      incoming = await strangerPays(ben.evm.address, '0.75', false)
      await nodeCall(anvilUrl, 'evm_mine')
    } finally {
      await nodeCall(anvilUrl, 'evm_setAutomine', [true])
    }
    const ownBlock = (await nodeCall(anvilUrl, 'eth_getTransactionReceipt', [own])).blockNumber
    expect((await nodeCall(anvilUrl, 'eth_getTransactionReceipt', [incoming])).blockNumber).toBe(ownBlock)
    const line = await lineFor(incoming)
    expect(line.received.amount).toBe('750000')
    // The member's own send is no receipt of theirs.
    expect((await receiveLines(ben.caller.api)).some((each) => each.received.tx_hash === own)).toBe(false)
  })

  it('writes each receipt once when two readers (two server processes) read the same blocks at the same time', async () => {
    const hash = await strangerPays(ben.evm.address, '0.5')
    const reader = () =>
      incomingReader({
        db: server.parts.database.db,
        chains: () => server.parts.registry.get('chains').adapter,
        everyWallet: true,
        logger: createLogger('silent'),
      })
    const [first, second] = [reader(), reader()]
    await Promise.all([first(), second(), readIncomingNow(server)])
    const rows = await (await db())
      .select({ id: incomingReceipts.id })
      .from(incomingReceipts)
      .where(and(eq(incomingReceipts.txHash, hash), eq(incomingReceipts.walletId, ben.evm.id)))
    expect(rows).toHaveLength(1)
    const lines = await (await db())
      .select({ id: walletActivity.id })
      .from(walletActivity)
      .where(eq(walletActivity.receiptId, rows[0]?.id ?? 0))
    expect(lines).toHaveLength(1)
  })

  it('reads the other chains while one chain’s node is down, and says so once per outage', async () => {
    const chains = server.parts.registry.get('chains').adapter
    const working = chains.find(String(chainId))
    if (!working) throw new Error('no local Base Sepolia')
    // The same chain under another id, its node unreachable.
    const down = { ...working, info: { ...working.info, id: 8453 as const }, rpcUrl: 'http://127.0.0.1:9/' }
    const logs: string[] = []
    const pass = incomingReader({
      db: server.parts.database.db,
      chains: () => ({ ...chains, chains: [down, ...chains.chains] }),
      everyWallet: true,
      logger: createLogger('info', (line) => logs.push(line)),
    })
    const hash = await strangerPays(ben.evm.address, '0.125')
    const first = await pass()
    expect(first.failedChains).toBe(1)
    expect((await receiveLines(ben.caller.api)).some((each) => each.received.tx_hash === hash)).toBe(true)
    await pass()
    await pass()
    const warnings = logs.filter((line) => line.includes('Could not read money received'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('8453')
    expect(warnings[0]).not.toContain('127.0.0.1:9')
  })

  it('skips a chain whose head and wallets are as they were at its last pass', async () => {
    const chain = server.parts.registry.get('chains').adapter.find(String(chainId))
    if (!chain) throw new Error('no local Base Sepolia')
    const wallets = await polledWallets(server.parts.database.db, true)
    const mine = wallets.filter((wallet) => wallet.chainType === 'ethereum')
    const idle = await chainMarker(chain, mine)
    expect(await chainMarker(chain, mine)).toBe(idle)
    // Another wallet to read, or another block, and the chain is read again.
    expect(await chainMarker(chain, mine.slice(1))).not.toBe(idle)
    await strangerPays(ben.evm.address, '0.01')
    expect(await chainMarker(chain, mine)).not.toBe(idle)
  })

  it('removes a receipt a reorg took away while it was still above the safe depth', async () => {
    const snapshot = await nodeCall(anvilUrl, 'evm_snapshot')
    const hash = await strangerPays(ben.evm.address, '3')
    await lineFor(hash)
    await nodeCall(anvilUrl, 'evm_revert', [snapshot])
    for (let block = 0; block < 4; block += 1) await nodeCall(anvilUrl, 'evm_mine')
    await readIncomingNow(server)
    expect((await receiveLines(ben.caller.api)).some((each) => each.received.tx_hash === hash)).toBe(false)
    expect(
      await (await db()).select().from(incomingReceipts).where(eq(incomingReceipts.txHash, hash)),
    ).toHaveLength(0)
  })
})

describe('the news of money received', () => {
  it('is announced once: seen marks it, only the member’s own, and never through another member’s ids', async () => {
    const hash = await strangerPays(ben.evm.address, '0.25')
    await lineFor(hash)
    const news = await receivedNews(ben.caller.api)
    expect(news.length).toBeGreaterThan(1)
    const ids = news.map((each) => each.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))

    // Ana marks Ben's ids seen from her session: Ben's news is untouched.
    const forged = await ana.caller.api.post('/api/v1/wallets/received/news/seen', { through: ids.at(-1) })
    expect(forged.status, forged.text).toBe(200)
    expect(JSON.parse(forged.text)).toEqual({ ok: true })
    expect((await receivedNews(ben.caller.api)).map((each) => each.id)).toEqual(ids)

    // Without a session, nothing at all.
    const anonymous = await fetch(`${server.url}/api/v1/wallets/received/news/seen`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ through: ids.at(-1) }),
    })
    expect(anonymous.status).toBe(401)
    expect((await fetch(`${server.url}/api/v1/wallets/received/news`)).status).toBe(401)

    // A body that is no line id is refused.
    for (const body of [
      { through: 'all' },
      { through: -1 },
      { through: 1.5 },
      { through: 1, more: true },
      {},
    ]) {
      expect((await ben.caller.api.post('/api/v1/wallets/received/news/seen', body)).status).toBe(400)
    }

    // Ben sees the first one: it is announced no more, the others still are.
    const seen = await ben.caller.api.post('/api/v1/wallets/received/news/seen', { through: ids[0] })
    expect(seen.status).toBe(200)
    expect((await receivedNews(ben.caller.api)).map((each) => each.id)).toEqual(ids.slice(1))
    await ben.caller.api.post('/api/v1/wallets/received/news/seen', { through: ids.at(-1) })
    expect(await receivedNews(ben.caller.api)).toEqual([])
    // The lines stay in Activity.
    expect((await receiveLines(ben.caller.api)).some((each) => each.received.tx_hash === hash)).toBe(true)
  })

  it('pages receive lines with the others, newest first, on the same before cursor', async () => {
    const all = await ben.caller.api.get('/api/v1/wallets/activity?limit=100')
    const everything = (JSON.parse(all.text) as Json).activity as Json[]
    expect(everything.some((line) => line.kind === 'receive')).toBe(true)
    expect(everything.some((line) => line.kind === 'signature')).toBe(true)
    const paged: Json[] = []
    let before: number | null = null
    do {
      const page = await ben.caller.api.get(
        `/api/v1/wallets/activity?limit=2${before ? `&before=${before}` : ''}`,
      )
      const body = JSON.parse(page.text) as Json
      paged.push(...body.activity)
      before = body.next_before
    } while (before !== null)
    expect(paged.map((line) => line.id)).toEqual(everything.map((line) => line.id))
    const times = paged.map((line) => line.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const line of paged) if (line.kind !== 'receive') expect(line.received).toBeNull()
  })

  it('names the sender as memberships are now: once Ana leaves, her payments show her address', async () => {
    const before = (await receiveLines(ben.caller.api)).find(
      (line) => line.received.from?.label === 'Ana Lopez',
    )
    expect(before).toBeDefined()
    const anaId = await ownerOf(await db(), ana.evm.id)
    await (await db())
      .update(organizationMembers)
      .set({ removedAt: new Date() })
      .where(eq(organizationMembers.userId, anaId))
    const after = (await receiveLines(ben.caller.api)).find((line) => line.id === before?.id)
    expect(after?.received.from).toBeNull()
    expect(after?.summary).toMatch(/^Received [0-9.]+ (USDC|ETH) from 0x[0-9a-f]{3}…[0-9a-f]{4}$/i)
  })
})
