import { randomUUID } from 'node:crypto'
import { type Hex, keccak256 } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, it } from 'vitest'
import { ApiClient } from '../testing/ApiClient.ts'
import { anvilsServing } from '../testing/anvilsServing.ts'
import { crashTestFolder } from '../testing/crashTestFolder.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { rememberOutboxToken } from '../testing/outboxTokens.ts'
import { type ServerProcess, startServerProcess } from '../testing/serverProcess.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// Real server processes (apps/server/src/main.ts) killed with SIGKILL at an exact point of a send, over HTTP, on
// their own data folder and devnet (PGlite, or a PostgreSQL database of their own when TEST_DATABASE_URL is set).
// The point is found without a hook in the server: testing/holdBroadcasts.ts, loaded into the process, holds its
// broadcast on the way to the node (or the node's answer on the way back) and says so; the test then kills it.
// Random kills during a burst would land in that window only now and then; this lands in it every run.

const chainId = 84532
const caip2 = `eip155:${chainId}`
const holdBroadcasts = new URL('../testing/holdBroadcasts.ts', import.meta.url).href
const folder = crashTestFolder('charter-send-crash-', chainId)
const { outboxToken, serverEnv, node } = folder

const nonceOf = async (address: string, block: 'latest' | 'pending') =>
  Number(BigInt(await node('eth_getTransactionCount', [address, block])))

/** Every transaction `address` sent, from the chain's blocks: the node's own account of what went out. */
async function sentOnChain(address: string): Promise<{ hash: string; nonce: number }[]> {
  const height = Number(BigInt(await node('eth_blockNumber', [])))
  const sent: { hash: string; nonce: number }[] = []
  for (let number = 0; number <= height; number += 1) {
    const block = await node('eth_getBlockByNumber', [`0x${number.toString(16)}`, true])
    for (const transaction of block?.transactions ?? []) {
      if (transaction.from.toLowerCase() === address.toLowerCase()) {
        sent.push({ hash: transaction.hash, nonce: Number(BigInt(transaction.nonce)) })
      }
    }
  }
  return sent
}

const send = (caller: WalletCaller, walletId: string, transaction: object, key: string) =>
  caller.post(
    `/api/v1/wallets/${walletId}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction } },
    { headers: { 'privy-idempotency-key': key } },
  )

async function listSends(caller: WalletCaller, walletId: string): Promise<Json[]> {
  const answer = await caller.api.get(`/api/v1/wallets/${walletId}/sends?limit=100`)
  expect(answer.status, answer.text).toBe(200)
  return (JSON.parse(answer.text) as Json).data
}

/** The server with `holdBroadcasts.ts` loaded: it holds every broadcast after the first `after`, at `at`. */
async function startHoldingServer(hold: { after: number; at: 'request' | 'answer' }) {
  const server = await startServerProcess({
    env: { ...serverEnv(), HOLD_BROADCASTS_AFTER: String(hold.after), HOLD_BROADCASTS_AT: hold.at },
    preload: [holdBroadcasts],
  })
  rememberOutboxToken(server.url, outboxToken)
  return server
}

/** Until the send with `hash` is no longer pending (or `timeout` ms have passed): its status. */
const statusOf = (caller: WalletCaller, walletId: string, hash: string, timeout = 30_000) =>
  expect.poll(async () => (await listSends(caller, walletId)).find((each) => each.hash === hash)?.status, {
    timeout,
    interval: 200,
  })

it('kill -9 between recording a send and broadcasting it: after a restart the next send confirms, no nonce gap, the interrupted send is marked and was never sent', async () => {
  // The first server holds its fourth broadcast: the three before it go out; the fourth is recorded, signed,
  // and stopped on its way to the node; two more wait behind it for the wallet's nonce lease.
  const first = await startHoldingServer({ after: 3, at: 'request' })
  const member = await fundedMember(first.url, [{ chainId, asset: 'native', amount: '1' }])
  const wallet = member.wallet('ethereum')
  const devnet = anvilsServing(folder.dataDir()).find((each) => each.chainId === chainId)
  expect(devnet).toBeDefined()

  const to = privateKeyToAccount(generatePrivateKey()).address
  const keys = Array.from({ length: 6 }, () => randomUUID())
  const answered = new Map<string, string>()
  const inFlight = keys.map((key) =>
    send(member.caller, wallet.id, { to, value: '1000' }, key).then(
      (answer) => {
        if (answer.status === 200) answered.set(key, (JSON.parse(answer.text) as Json).data.hash)
        return answer.status
      },
      () => 'cut off by the kill',
    ),
  )
  const [, heldTransaction] = await first.waitFor(/held-broadcast (0x[0-9a-f]+)/, 120_000)
  const heldHash = keccak256(heldTransaction as Hex)
  // The three sends before it have released the lease; their answers are on their way.
  await expect.poll(() => answered.size, { timeout: 30_000 }).toBe(3)
  await first.kill9()
  const statuses = await Promise.all(inFlight)
  expect(statuses.filter((status) => status === 200)).toHaveLength(3)
  const acknowledged = [...answered.values()]

  // The killed server's devnet outlived it: the same anvil process, which never saw the held transaction.
  expect(anvilsServing(folder.dataDir())).toContainEqual(devnet)
  expect(await node('eth_getTransactionByHash', [heldHash])).toBeNull()
  expect(await nonceOf(wallet.address, 'pending')).toBe(3)
  expect((await sentOnChain(wallet.address)).map((each) => each.hash).sort()).toEqual(
    [...acknowledged].sort(),
  )

  // The restart, on the same data (the devnet's state carried over, as every restart does).
  const second = await startServerProcess({ env: serverEnv() })
  const me = member.caller.at(second.url)
  const before = await listSends(me, wallet.id)
  expect(before).toHaveLength(4)
  const held = before.find((each) => each.hash === heldHash)
  // Recorded before the kill, with the nonce after the three that went out.
  expect(held).toMatchObject({ nonce: 3, to, value: '1000' })

  // The next send waits out the killed server's lease, then takes the held send's nonce: no gap.
  const next = await send(me, wallet.id, { to, value: '2000' }, randomUUID())
  expect(next.status, next.text).toBe(200)
  const nextHash = (JSON.parse(next.text) as Json).data.hash as string
  await statusOf(me, wallet.id, nextHash).toBe('confirmed')
  const after = await listSends(me, wallet.id)
  expect(after.find((each) => each.hash === nextHash)).toMatchObject({ nonce: 3, status: 'confirmed' })
  expect(after.find((each) => each.hash === heldHash)).toMatchObject({
    nonce: 3,
    status: 'interrupted',
    reason: expect.stringContaining('never sent'),
  })
  for (const hash of acknowledged) {
    expect(after.find((each) => each.hash === hash)?.status).toBe('confirmed')
  }
  expect(after).toHaveLength(5)

  // No unanswered key sends anything twice, and the interrupted send's key never sends it. From the session that
  // sent them, a retry finds the key as the kill left it (claimed by a request that never finished): refused
  // with 409, or a send of its own. From another session of the member, the interrupted send's key is refused as
  // interrupted, and the keys of the two sends that never got the lease (never recorded) send once each.
  const unanswered = keys.filter((key) => !answered.has(key))
  const sameSession = await Promise.all(
    unanswered.map((key) => send(me, wallet.id, { to, value: '1000' }, key)),
  )
  for (const answer of sameSession) expect([200, 409], answer.text).toContain(answer.status)
  expect(sameSession.filter((answer) => answer.status === 409).length).toBeGreaterThanOrEqual(1)
  rememberOutboxToken(second.url, outboxToken)
  const device = new WalletCaller(new ApiClient(second.url))
  expect((await device.signIn('phone', member.address)).status).toBe(200)
  const retries = await Promise.all(
    unanswered.map((key) => send(device, wallet.id, { to, value: '1000' }, key)),
  )
  expect(retries.map((answer) => answer.status).sort()).toEqual([200, 200, 409])
  expect(retries.find((answer) => answer.status === 409)?.text).toContain(
    'interrupted before it was broadcast',
  )
  const hashOf = (answer: { text: string }) => (JSON.parse(answer.text) as Json).data.hash as string
  sameSession.forEach((answer, i) => {
    // A send the same session's retry made is the one the other session's retry answers.
    if (answer.status === 200) expect(hashOf(retries[i] as { text: string })).toBe(hashOf(answer))
  })
  const retried = retries.filter((answer) => answer.status === 200).map(hashOf)
  // An acknowledged send's key answers its first hash again.
  const [firstKey, firstHash] = [...answered][0] as [string, string]
  const replay = await send(me, wallet.id, { to, value: '1000' }, firstKey)
  expect(replay.status, replay.text).toBe(200)
  expect((JSON.parse(replay.text) as Json).data.hash).toBe(firstHash)

  // The chain: each send that went out went out once, nonces 0 to 5 without a gap, the held one nowhere.
  const onChain = await sentOnChain(wallet.address)
  expect(onChain.map((each) => each.nonce)).toEqual([0, 1, 2, 3, 4, 5])
  expect(onChain.map((each) => each.hash).sort()).toEqual([...acknowledged, nextHash, ...retried].sort())
  expect(await node('eth_getTransactionByHash', [heldHash])).toBeNull()
  expect(await nonceOf(wallet.address, 'latest')).toBe(6)
  expect(await nonceOf(wallet.address, 'pending')).toBe(6)
  expect(BigInt(await node('eth_getBalance', [to, 'latest']))).toBe(3n * 1000n + 2000n + 2n * 1000n)

  expect(await second.stop()).toEqual({ code: 0, signal: null })
  expect(anvilsServing(folder.dataDir())).toEqual([])
}, 420_000)

/** What the test below leaves for the one after it: the restarted server, the member there, the send that went out. */
let tookThenKilled:
  | { server: ServerProcess; caller: WalletCaller; walletId: string; hash: string }
  | undefined

it('kill -9 after the node took a send and before the server noted the broadcast: after a restart the next send takes the nonce after it, and each went out once', async () => {
  // The first server lets one broadcast through, and holds the second once the node has answered it.
  const first = await startHoldingServer({ after: 1, at: 'answer' })
  const member = await fundedMember(first.url, [{ chainId, asset: 'native', amount: '1' }])
  const wallet = member.wallet('ethereum')
  const to = privateKeyToAccount(generatePrivateKey()).address
  const sent = await send(member.caller, wallet.id, { to, value: '1000' }, randomUUID())
  expect(sent.status, sent.text).toBe(200)
  const sentHash = (JSON.parse(sent.text) as Json).data.hash as string
  const cutOff = send(member.caller, wallet.id, { to, value: '1000' }, randomUUID()).then(
    (answer) => answer.status,
    () => 'cut off by the kill',
  )
  const [, heldTransaction] = await first.waitFor(/held-broadcast (0x[0-9a-f]+)/, 120_000)
  const heldHash = keccak256(heldTransaction as Hex)
  await first.kill9()
  expect(await cutOff).toBe('cut off by the kill')
  // It went out: the node mined it, at the nonce after the first.
  expect(await node('eth_getTransactionReceipt', [heldHash])).toMatchObject({ status: '0x1' })

  const second = await startServerProcess({ env: serverEnv() })
  const me = member.caller.at(second.url)
  tookThenKilled = { server: second, caller: me, walletId: wallet.id, hash: heldHash }
  const next = await send(me, wallet.id, { to, value: '2000' }, randomUUID())
  expect(next.status, next.text).toBe(200)
  const nextHash = (JSON.parse(next.text) as Json).data.hash as string
  await statusOf(me, wallet.id, nextHash).toBe('confirmed')
  const listed = await listSends(me, wallet.id)
  expect(listed.map((each) => [each.hash, each.nonce])).toEqual([
    [nextHash, 2],
    [heldHash, 1],
    [sentHash, 0],
  ])
  expect(listed.find((each) => each.hash === sentHash)?.status).toBe('confirmed')
  expect(await sentOnChain(wallet.address)).toEqual([
    { hash: sentHash, nonce: 0 },
    { hash: heldHash, nonce: 1 },
    { hash: nextHash, nonce: 2 },
  ])
  expect(BigInt(await node('eth_getBalance', [to, 'latest']))).toBe(1000n + 1000n + 2000n)
}, 420_000)

// A send recorded, taken by the node, and never noted as broadcast (broadcast_at still null when the server
// died) is followed by its hash once its lease has run out, by the GET routes and by the periodic sweep.
it('… and the send that went out is shown confirmed, never pending forever', async () => {
  if (!tookThenKilled) throw new Error('the test before did not get this far')
  const { server, caller, walletId, hash } = tookThenKilled
  try {
    await statusOf(caller, walletId, hash, 20_000).toBe('confirmed')
  } finally {
    expect(await server.stop()).toEqual({ code: 0, signal: null })
  }
}, 120_000)
