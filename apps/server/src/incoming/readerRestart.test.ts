import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { inArray } from 'drizzle-orm'
import { createPublicClient, createWalletClient, erc20Abi, type Hex, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
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

const stranger = privateKeyToAccount(generatePrivateKey())
let solanaStranger: KeyPairSigner

/** The stranger pays USDC on the EVM chain and SOL on the local cluster, straight to the nodes (not through Charter). */
async function strangerPays(
  server: TestServer,
  to: { ethereum: string; solana: string },
  usdc: string,
  lamports: bigint,
) {
  const chains = server.parts.registry.get('chains').adapter
  const evm = chains.find(String(chainId))
  const solana = chains.find('devnet')
  if (!evm?.info.usdc || !solana) throw new Error('the local chains are not offered')
  const hash = await createWalletClient({ account: stranger, transport: http(evm.rpcUrl) }).writeContract({
    chain: null,
    address: evm.info.usdc.address as Hex,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to.ethereum as Hex, parseUnits(usdc, 6)],
  })
  await createPublicClient({ transport: http(evm.rpcUrl) }).waitForTransactionReceipt({ hash })
  const rpc = createSolanaRpc(solana.rpcUrl)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(solanaStranger, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: solanaStranger,
              destination: to.solana as Address,
              amount: lamports,
            }),
          ],
          message,
        ),
    ),
  )
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

describe('the incoming reader across a restart', () => {
  it('neither misses nor doubles a receipt, one made while no reader ran included; test funds are none', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'charter-incoming-'))
    let server = await restart({ reader: true })
    // Ben's own test funds (the faucet's mint and airdrop) are money he asked for, not a receipt.
    const ben = await fundedMember(server.url, [
      { chainId, asset: 'USDC', amount: '5' },
      { chainId: 'devnet', asset: 'native', amount: '1' },
    ])
    solanaStranger = await generateKeyPairSigner()
    await fundFromFaucet(ben.api, stranger.address, { chainId, asset: 'native', amount: '1' })
    await fundFromFaucet(ben.api, stranger.address, { chainId, asset: 'USDC', amount: '100' })
    await fundFromFaucet(ben.api, solanaStranger.address, { chainId: 'devnet', asset: 'native', amount: '2' })
    const to = { ethereum: ben.wallet('ethereum').address, solana: ben.wallet('solana').address }
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
    expect(await amounts()).toEqual([])

    await strangerPays(server, to, '5', 100_000_000n)
    await readIncomingNow(server)
    expect(await amounts()).toEqual(['84532:5000000', 'devnet:100000000'])

    // Down: the chains go on, nobody reads them.
    server = await restart({ reader: false })
    await signedInMember(server.url)
    await strangerPays(server, to, '2', 300_000_000n)
    expect(await amounts()).toEqual(['84532:5000000', 'devnet:100000000'])

    // Up again: what came meanwhile is found, what was found before is not written again.
    server = await restart({ reader: true })
    await readIncomingNow(server)
    await readIncomingNow(server)
    expect(await amounts()).toEqual([
      '84532:2000000',
      '84532:5000000',
      'devnet:100000000',
      'devnet:300000000',
    ])
  }, 180_000)
})
