import { randomUUID } from 'node:crypto'
import { solanaClusters } from '@charter/core'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomingCursors, incomingReceipts } from '../db/schema.ts'
import { fundedMember, fundFromFaucet } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import type { MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'
import { chainTuning } from './readerTuning.ts'
import { readSolanaChain } from './solanaReceipts.ts'
import {
  nameMember,
  organisationOf,
  ownerOf,
  readIncomingNow,
  receiveLines,
} from './testing/receivedHelpers.ts'

const oneSol = 1_000_000_000n
/** What the caller leaves for the server to fill: 32 zero bytes. */
const toFill = '11111111111111111111111111111111' as Blockhash

let server: TestServer
let ana: { caller: WalletCaller; sol: MemberWallet }
let ben: { caller: WalletCaller; sol: MemberWallet }
let stranger: KeyPairSigner
let usdcMint: Address
let rpcUrl: string

const ataOf = async (owner: Address) =>
  (await findAssociatedTokenPda({ owner, mint: usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

/** The stranger's transaction, signed and sent straight to the local cluster (not through Charter). */
async function strangerSends(instructions: Instruction[]): Promise<string> {
  const rpc = createSolanaRpc(rpcUrl)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(stranger, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

/** The member's receive lines for `signature`, once a pass of the reader has run. */
async function linesFor(signature: string, member = ben): Promise<Json[]> {
  await readIncomingNow(server)
  return (await receiveLines(member.caller.api)).filter((line) => line.received.tx_hash === signature)
}

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  const first = await fundedMember(server.url, [{ chainId: 'devnet', asset: 'native', amount: '2' }])
  // Ben holds a little USDC, so his token account exists and a plain SPL transfer names only it.
  const second = await fundedMember(server.url, [{ chainId: 'devnet', asset: 'USDC', amount: '1' }])
  ana = { caller: first.caller, sol: first.wallet('solana') }
  ben = { caller: second.caller, sol: second.wallet('solana') }
  const { db } = await sharedTestDatabase()
  const anaId = await ownerOf(db, ana.sol.id)
  await nameMember(db, anaId, 'Ana Lopez')
  await organisationOf(db, 'Acme Co-op', [anaId, await ownerOf(db, ben.sol.id)])
  stranger = await generateKeyPairSigner()
  await fundFromFaucet(first.api, stranger.address, { chainId: 'devnet', asset: 'native', amount: '2' })
  await fundFromFaucet(first.api, stranger.address, { chainId: 'devnet', asset: 'USDC', amount: '50' })
  const chain = server.parts.registry.get('chains').adapter.find('devnet')
  if (!chain) throw new Error('no local Solana cluster')
  rpcUrl = chain.rpcUrl
  usdcMint = (chain.info.usdc?.address ?? '') as Address
}, 120_000)

afterAll(() => server?.close())

describe('money received on Solana', () => {
  it('lists SOL sent to the wallet itself, the sender by short address', async () => {
    const signature = await strangerSends([
      getTransferSolInstruction({
        source: stranger,
        destination: ben.sol.address as Address,
        amount: oneSol / 4n,
      }),
    ])
    const [line, ...more] = await linesFor(signature)
    expect(more).toEqual([])
    expect(line).toMatchObject({
      kind: 'receive',
      wallet_id: ben.sol.id,
      summary: `Received 0.25 SOL from ${stranger.address.slice(0, 5)}…${stranger.address.slice(-4)}`,
      received: {
        chain_id: 'devnet',
        asset: 'native',
        symbol: 'SOL',
        decimals: 9,
        amount: (oneSol / 4n).toString(),
        from_address: stranger.address,
        from: null,
        tx_hash: signature,
        explorer_url: null,
      },
    })
  })

  it('lists USDC moved into the wallet’s token account, which is all an SPL transfer names', async () => {
    const signature = await strangerSends([
      getTransferCheckedInstruction({
        source: await ataOf(stranger.address),
        mint: usdcMint,
        destination: await ataOf(ben.sol.address as Address),
        authority: stranger,
        amount: 2_500_000n,
        decimals: 6,
      }),
    ])
    const [line, ...more] = await linesFor(signature)
    expect(more).toEqual([])
    expect(line.received).toMatchObject({ asset: 'usdc', symbol: 'USDC', decimals: 6, amount: '2500000' })
    expect(line.received.from_address).toBe(stranger.address)
    expect(line.summary).toMatch(/^Received 2\.5 USDC from /)
  })

  it('lists USDC to a member without a token account yet (created in the same transaction), and the fee payer gets none', async () => {
    const cy = await fundedMember(server.url, [])
    const owner = cy.wallet('solana').address as Address
    const signature = await strangerSends([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: stranger,
        ata: await ataOf(owner),
        owner,
        mint: usdcMint,
      }),
      getTransferCheckedInstruction({
        source: await ataOf(stranger.address),
        mint: usdcMint,
        destination: await ataOf(owner),
        authority: stranger,
        amount: 1_000_000n,
        decimals: 6,
      }),
    ])
    const lines = await linesFor(signature, { caller: cy.caller, sol: cy.wallet('solana') })
    expect(lines.map((line) => [line.received.asset, line.received.amount])).toEqual([['usdc', '1000000']])
  })

  it('names a colleague who sent SOL through Charter', async () => {
    const instructions = [
      getTransferSolInstruction({
        source: createNoopSigner(ana.sol.address as Address),
        destination: ben.sol.address as Address,
        amount: oneSol / 10n,
      }),
    ]
    const wire = getBase64EncodedWireTransaction(
      compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (message) => setTransactionMessageFeePayer(ana.sol.address as Address, message),
          (message) =>
            setTransactionMessageLifetimeUsingBlockhash(
              { blockhash: toFill, lastValidBlockHeight: 0n },
              message,
            ),
          (message) => appendTransactionMessageInstructions(instructions, message),
        ),
      ),
    )
    const answer = await ana.caller.post(
      `/api/v1/wallets/${ana.sol.id}/rpc`,
      {
        method: 'signAndSendTransaction',
        caip2: solanaClusters.devnet.caip2,
        params: { transaction: wire, encoding: 'base64' },
      },
      { headers: { 'privy-idempotency-key': randomUUID() } },
    )
    expect(answer.status, answer.text).toBe(200)
    const signature = (JSON.parse(answer.text) as Json).data.hash
    const [line] = await linesFor(signature)
    expect(line.summary).toBe('Received 0.1 SOL from Ana Lopez')
    expect(line.received.from).toMatchObject({ label: 'Ana Lopez', organizations: ['Acme Co-op'] })
    // Read again, it is not written twice.
    expect(await linesFor(signature)).toHaveLength(1)
  })

  it('reads a wallet named by more signatures than a pass reads on from where it stopped: older ones wait, none is skipped', async () => {
    const carol = await fundedMember(server.url, [])
    const wallet = carol.wallet('solana')
    const lamportsSent = [1n, 2n, 3n, 4n, 5n].map((each) => each * 1_000_000n)
    for (const amount of lamportsSent) {
      await strangerSends([
        getTransferSolInstruction({ source: stranger, destination: wallet.address as Address, amount }),
      ])
    }
    const devnet = server.parts.registry.get('chains').adapter.find('devnet')
    if (!devnet) throw new Error('no local Solana cluster')
    // The same cluster under a name of its own, so the server's own reader (every 2 s) keeps to its rows.
    const chain = { ...devnet, info: { ...devnet.info, id: 'flood-test' as typeof devnet.info.id } }
    const { db } = await sharedTestDatabase()
    const polled = [
      {
        walletId: wallet.id,
        userId: await ownerOf(db, wallet.id),
        chainType: 'solana' as const,
        address: wallet.address,
      },
    ]
    // Two signatures a page, one page a pass: a flood of five.
    const tuning = { ...chainTuning('devnet', 'solana', true), maxRangesPerPass: 1, signaturesPerPage: 2 }
    const amounts = async () =>
      (
        await db
          .select({ amount: incomingReceipts.amount })
          .from(incomingReceipts)
          .where(and(eq(incomingReceipts.walletId, wallet.id), eq(incomingReceipts.chainId, 'flood-test')))
      )
        .map((row) => BigInt(row.amount))
        .sort((a, b) => (a < b ? -1 : 1))
    const cursor = async () =>
      (
        await db
          .select()
          .from(incomingCursors)
          .where(and(eq(incomingCursors.walletId, wallet.id), eq(incomingCursors.chainId, 'flood-test')))
      )[0]

    expect(await readSolanaChain(db, chain, polled, tuning)).toEqual({ received: 2, unfinished: true })
    expect(await amounts()).toEqual([4_000_000n, 5_000_000n])
    expect((await cursor())?.backfill).not.toBeNull()
    await readSolanaChain(db, chain, polled, tuning)
    expect(await amounts()).toEqual([2_000_000n, 3_000_000n, 4_000_000n, 5_000_000n])
    await readSolanaChain(db, chain, polled, tuning)
    await readSolanaChain(db, chain, polled, tuning)
    expect(await amounts()).toEqual(lamportsSent)
    expect((await cursor())?.backfill).toBeNull()
    // Read on from there, nothing comes twice.
    expect(await readSolanaChain(db, chain, polled, tuning)).toEqual({ received: 0, unfinished: false })
    expect(await amounts()).toEqual(lamportsSent)
  }, 60_000)
})
