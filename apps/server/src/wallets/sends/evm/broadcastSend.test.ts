import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../../db/Database.ts'
import { openDatabase } from '../../../db/openDatabase.ts'
import { sends, users, wallets } from '../../../db/schema.ts'
import { testDatabaseUrl } from '../../../settings/env.ts'
import { spawnAnvil, type TestAnvil } from '../../../testing/spawnAnvil.ts'
import { sharedTestDatabase } from '../../../testing/startTestServer.ts'
import { chainRpc } from '../chainRpc.ts'
import { broadcastSend } from './broadcastSend.ts'

const chainId = 31_337
let anvil: TestAnvil
/** Two servers' connections to one database: two pools on PostgreSQL (TEST_DATABASE_URL), PGlite's one otherwise. */
let first: Database
let second: Database
const account = privateKeyToAccount(generatePrivateKey())
const wallet = { id: randomUUID(), address: account.address }
const userId = randomUUID()

beforeAll(async () => {
  anvil = await spawnAnvil(chainId)
  await anvil.rpc('anvil_setBalance', [account.address, `0x${parseEther('10').toString(16)}`])
  first = await sharedTestDatabase()
  const url = testDatabaseUrl()
  second = url ? await openDatabase({ kind: 'postgres', url }) : first
  await first.db.insert(users).values({ id: userId })
  await first.db.insert(wallets).values({
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
  if (second && second !== first) await second.close()
  await anvil?.stop()
})

it('gives 20 sends racing on two connections 20 distinct consecutive nonces, each recorded before broadcast', async () => {
  const rpc = chainRpc(anvil.url)
  const to = privateKeyToAccount(generatePrivateKey()).address
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      broadcastSend(
        (index % 2 === 0 ? first : second).db,
        rpc,
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
      ),
    ),
  )
  expect(results.map((result) => result.nonce).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 20 }, (_, index) => index),
  )
  expect(await anvil.rpc('eth_getTransactionCount', [account.address, 'latest'])).toBe('0x14')
  expect(await anvil.rpc('eth_getBalance', [to, 'latest'])).toBe('0x14')
  const recorded = await first.db.select().from(sends).where(eq(sends.walletId, wallet.id))
  expect(recorded).toHaveLength(20)
  for (const row of recorded) {
    expect(row).toMatchObject({ status: 'pending', broadcastAt: expect.any(Date) })
    const receipt = (await anvil.rpc('eth_getTransactionReceipt', [row.hash])) as { status: string }
    expect(receipt.status).toBe('0x1')
  }
}, 60_000)
