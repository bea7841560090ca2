import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { incomingReceipts } from '../db/schema.ts'
import { fundedMember, fundFromFaucet } from '../testing/fundedMember.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'
import { readIncomingNow } from './testing/receivedHelpers.ts'

const chainId = 84532
let dataDir: string | undefined
let running: TestServer | undefined

afterAll(async () => {
  await running?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The server again on the same data folder (its devnets' state) and the tests' shared database. */
async function restart(options: { reader: boolean }): Promise<TestServer> {
  await running?.close()
  running = await startTestServer({
    env: { LOCAL_CHAINS: 'on' },
    dataDir: dataDir as string,
    // With the background jobs off no pass runs: the reader is down.
    ...(!options.reader && { sendJobs: false }),
  })
  return running
}

describe('the incoming reader across a restart', () => {
  it('neither misses nor doubles a receipt, one made while no reader ran included', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'charter-incoming-'))
    let server = await restart({ reader: true })
    const ben = await fundedMember(server.url, [
      { chainId, asset: 'USDC', amount: '5' },
      { chainId: 'devnet', asset: 'USDC', amount: '1' },
    ])
    const walletIds = ben.wallets.map((wallet) => wallet.id)
    const { db } = await sharedTestDatabase()
    const amounts = async () =>
      (
        await db
          .select({ chainId: incomingReceipts.chainId, amount: incomingReceipts.amount })
          .from(incomingReceipts)
          .where(inArray(incomingReceipts.walletId, walletIds))
      )
        .map((row) => `${row.chainId}:${row.amount}`)
        .sort()
    await readIncomingNow(server)
    expect(await amounts()).toEqual(['84532:5000000', 'devnet:1000000'])

    // Down: the chains go on, nobody reads them.
    server = await restart({ reader: false })
    const helper = await signedInMember(server.url)
    await fundFromFaucet(helper.api, ben.wallet('ethereum').address, { chainId, asset: 'USDC', amount: '2' })
    await fundFromFaucet(helper.api, ben.wallet('solana').address, {
      chainId: 'devnet',
      asset: 'USDC',
      amount: '3',
    })
    expect(await amounts()).toEqual(['84532:5000000', 'devnet:1000000'])

    // Up again: what came meanwhile is found, what was found before is not written again.
    server = await restart({ reader: true })
    await readIncomingNow(server)
    await readIncomingNow(server)
    expect(await amounts()).toEqual(['84532:2000000', '84532:5000000', 'devnet:1000000', 'devnet:3000000'])
  }, 180_000)
})
