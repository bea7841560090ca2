import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createChains } from '../../../chains/createChains.ts'
import { evmChainInfo } from '../../../chains/publicChainInfo.ts'
import { sends, users, wallets } from '../../../db/schema.ts'
import { createLogger } from '../../../log/logger.ts'
import { spawnAnvil, type TestAnvil } from '../../../testing/spawnAnvil.ts'
import { sharedTestDatabase } from '../../../testing/startTestServer.ts'
import { chainRpc } from '../chainRpc.ts'
import { broadcastSend } from './broadcastSend.ts'
import { refreshEvmSend } from './refreshEvmSend.ts'

const chainId = 84_532
let anvil: TestAnvil
/**
 * The node as the follower sees it: anvil behind a forwarder that, once armed, mines a block right after anvil
 * has answered a receipt read, before passing that answer on. That is a block arriving between the follower's reads, which a real chain does at any
 * moment.
 */
let node: Server
let nodeUrl: string
let mineAfterReceipt = false
/** Once armed, the forwarder answers every transaction lookup "unknown", as a node that lost it would. */
let forgetTransactions = false
const account = privateKeyToAccount(generatePrivateKey())
const wallet = { id: randomUUID(), address: account.address }
const userId = randomUUID()

beforeAll(async () => {
  anvil = await spawnAnvil(chainId)
  await anvil.rpc('anvil_setBalance', [account.address, `0x${parseEther('10').toString(16)}`])
  node = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const answer = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    let text = await answer.text()
    if (
      forgetTransactions &&
      (JSON.parse(body) as { method: string }).method === 'eth_getTransactionByHash'
    ) {
      text = JSON.stringify({ ...(JSON.parse(text) as object), result: null })
    }
    // The block comes once the receipt has been read (null) and before the follower hears that answer, so its
    // next read sees the block: what a real chain does between two reads.
    if (mineAfterReceipt && (JSON.parse(body) as { method: string }).method === 'eth_getTransactionReceipt') {
      mineAfterReceipt = false
      await anvil.rpc('evm_mine')
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(text)
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
  const { db } = await sharedTestDatabase()
  await db.insert(users).values({ id: userId })
  await db.insert(wallets).values({
    id: wallet.id,
    userId,
    chainType: 'ethereum',
    walletIndex: 0,
    address: account.address,
    sealedKey: 'unused: this test signs with its own key',
    wrappedDataKey: 'unused',
    masterKeyId: 'unused',
  })
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => node?.close(resolve))
  await anvil?.stop()
})

it('confirms a send whose block arrives between its receipt read and its nonce read; never "replaced"', async () => {
  const { db } = await sharedTestDatabase()
  // In the pool, not yet in a block.
  await anvil.rpc('evm_setAutomine', [false])
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { id, hash } = await broadcastSend(
    db,
    chainRpc(anvil.url),
    {
      userId,
      wallet,
      chainId,
      idempotencyKey: randomUUID(),
      to,
      value: 1n,
      data: undefined,
      token: undefined,
    },
    (nonce) =>
      account.signTransaction({
        chainId,
        to,
        value: 1n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: 10n ** 10n,
        maxPriorityFeePerGas: 1n,
      }) as Promise<Hex>,
  )
  expect(await anvil.rpc('eth_getTransactionReceipt', [hash])).toBeNull()

  const chains = createChains({
    mode: 'production',
    chains: [{ info: evmChainInfo(chainId, false), rpcUrl: nodeUrl, local: undefined }],
    logger: createLogger('silent'),
  })
  const [row] = await db.select().from(sends).where(eq(sends.id, id))
  mineAfterReceipt = true
  const followed = await refreshEvmSend(db, chains, row as typeof sends.$inferSelect, account.address)
  expect(mineAfterReceipt).toBe(false)
  expect(followed).toMatchObject({ status: 'confirmed', blockNumber: expect.stringMatching(/^\d+$/) })
  expect(followed.reason ?? null).toBeNull()
}, 60_000)

it('broadcasts again a send the node lost, from its recorded bytes, before ever calling it dropped: it is mined', async () => {
  const { db } = await sharedTestDatabase()
  await anvil.rpc('evm_setAutomine', [false])
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { id, hash } = await broadcastSend(
    db,
    chainRpc(anvil.url),
    {
      userId,
      wallet,
      chainId,
      idempotencyKey: randomUUID(),
      to,
      value: 1n,
      data: undefined,
      token: undefined,
    },
    (nonce) =>
      account.signTransaction({
        chainId,
        to,
        value: 1n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: 10n ** 10n,
        maxPriorityFeePerGas: 1n,
      }) as Promise<Hex>,
  )
  // The node loses it (evicted from its pool), long after its broadcast: past the time a lost send was called dropped.
  await anvil.rpc('anvil_dropTransaction', [hash])
  expect(await anvil.rpc('eth_getTransactionByHash', [hash])).toBeNull()
  await db
    .update(sends)
    .set({ broadcastAt: new Date(Date.now() - 20 * 60_000) })
    .where(eq(sends.id, id))
  const chains = createChains({
    mode: 'production',
    chains: [{ info: evmChainInfo(chainId, false), rpcUrl: anvil.url, local: undefined }],
    logger: createLogger('silent'),
  })
  const [row] = await db.select().from(sends).where(eq(sends.id, id))
  const followed = await refreshEvmSend(db, chains, row as typeof sends.$inferSelect, account.address)
  expect(followed.status).toBe('pending')
  // The node has it again: the same transaction, not a second one.
  expect(await anvil.rpc('eth_getTransactionByHash', [hash])).not.toBeNull()

  // A node that says it does not know it and then refuses it as already known (one behind a load balancer, say):
  // still pending, never dropped.
  const forgetful = createChains({
    mode: 'production',
    chains: [{ info: evmChainInfo(chainId, false), rpcUrl: nodeUrl, local: undefined }],
    logger: createLogger('silent'),
  })
  forgetTransactions = true
  try {
    expect((await refreshEvmSend(db, forgetful, followed, account.address)).status).toBe('pending')
  } finally {
    forgetTransactions = false
  }

  await anvil.rpc('evm_mine')
  const mined = await refreshEvmSend(db, chains, followed, account.address)
  expect(mined).toMatchObject({ status: 'confirmed', blockNumber: expect.stringMatching(/^\d+$/) })
  await anvil.rpc('evm_setAutomine', [true])
}, 60_000)
