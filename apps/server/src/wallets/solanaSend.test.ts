import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { solanaClusters } from '@charter/core'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sends, users, wallets } from '../db/schema.ts'
import { loadSettings } from '../settings/env.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember, fundFromFaucet } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { proxiedRpc } from '../testing/proxiedRpc.ts'
import { allowedWith, saidActivity } from '../testing/saidActivity.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, WalletCaller } from '../testing/WalletCaller.ts'
import { solanaSignAndSendTransaction } from './methods/solanaSignAndSendTransaction.ts'
import { sendFeeCaps } from './sends/sendFeeCaps.ts'
import { followPendingSends } from './sends/sendRecords.ts'
import { generateWalletKey } from './walletKeys.ts'

/** The local cluster stands in for devnet and answers to devnet's CAIP-2 id. */
const caip2 = solanaClusters.devnet.caip2
const oneSol = 1_000_000_000n
const feePerSignature = 5_000n
/** What the caller leaves for the server to fill: 32 zero bytes. */
const toFill = '11111111111111111111111111111111' as Blockhash

let server: TestServer
let me: WalletCaller
let sol: MemberWallet
let wallet: Address
let phone: string
let usdcMint: Address

/** JSON-RPC to the local Solana cluster through the server's proxy, as the member's browser would. */
const rpc = (method: string, params: unknown[]) => proxiedRpc(me.api, 'devnet', method, params)

const balance = async (address: string) => BigInt((await rpc('getBalance', [address])).value)
const usdcBalance = async (owner: string) => {
  const accounts = await rpc('getTokenAccountsByOwner', [
    owner,
    { mint: usdcMint },
    { encoding: 'jsonParsed' },
  ])
  return accounts.value.reduce(
    (sum: bigint, each: Json) => sum + BigInt(each.account.data.parsed.info.tokenAmount.amount),
    0n,
  )
}
const ataOf = async (owner: Address) =>
  (await findAssociatedTokenPda({ owner, mint: usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
const recipient = async () => (await generateKeyPairSigner()).address

/** A transaction as a client builds it with @solana/kit: the wallet pays; the blockhash left to the server. */
function transaction(
  instructions: Instruction[],
  options: { feePayer?: Address; blockhash?: Blockhash } = {},
) {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayer(options.feePayer ?? wallet, message),
      (message) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: options.blockhash ?? toFill, lastValidBlockHeight: 0n },
          message,
        ),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
}
const base64 = (compiled: ReturnType<typeof transaction>) => getBase64EncodedWireTransaction(compiled)

const transferSol = (to: Address, amount: bigint, from: Address = wallet) =>
  getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount })

/** Creates the recipient's USDC account if need be, then moves `amount` into it, as a wallet app does. */
async function usdcTransfer(to: Address, amount: bigint, decimals = 6): Promise<Instruction[]> {
  const destination = await ataOf(to)
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(wallet),
      ata: destination,
      owner: to,
      mint: usdcMint,
    }),
    getTransferCheckedInstruction({
      source: await ataOf(wallet),
      mint: usdcMint,
      destination,
      authority: createNoopSigner(wallet),
      amount,
      decimals,
    }),
  ]
}

/** A wallet whose key this test holds, as the server holds its members' keys, funded with 1 SOL. */
async function walletWithHeldKey() {
  const key = generateWalletKey('solana')
  const { db } = await sharedTestDatabase()
  const userId = randomUUID()
  await db.insert(users).values({ id: userId })
  const [row] = await db
    .insert(wallets)
    .values({
      id: randomUUID(),
      userId,
      chainType: 'solana',
      walletIndex: 0,
      address: key.address,
      sealedKey: 'unused: this test holds the key',
      wrappedDataKey: 'unused',
      masterKeyId: 'unused',
    })
    .returning()
  await faucet(key.address, 'native', '1')
  return { key, row: row as typeof wallets.$inferSelect, userId }
}

/** The method itself, as a route or the held-send sweep runs it, with the fee caps of the settings given. */
async function sendInProcess(
  { key, row, userId }: Awaited<ReturnType<typeof walletWithHeldKey>>,
  params: { transaction: string; encoding: 'base64'; allow_high_fee?: boolean },
  options: { heldReplay?: false | 'waited'; maxFeeSol?: string } = {},
) {
  const { db } = await sharedTestDatabase()
  const { said, activity } = saidActivity()
  const outcome = await solanaSignAndSendTransaction(
    {
      activity,
      authorize: allowedWith(key.privateKey),
      wallet: row,
      sending: {
        db,
        chains: server.parts.registry.get('chains').adapter,
        ...sendFeeCaps(loadSettings({ SEND_MAX_FEE_SOL: options.maxFeeSol ?? '0.01' })),
        policy: server.parts.policy,
        sponsor: server.parts.sponsor,
      },
      request: {
        caip2,
        idempotencyKey: randomUUID(),
        expiry: String(Date.now()),
        method: 'signAndSendTransaction',
        params,
        sponsor: false,
      },
      session: { sessionId: randomUUID(), userId },
      heldReplay: options.heldReplay ?? false,
    },
    params,
  )
  return { ...outcome, summary: said.at(-1)?.summary }
}

/** A signAndSendTransaction with a fresh idempotency key (unless given), and the expiry every request carries. */
function send(
  wire: string,
  options: { key?: string | null; caller?: WalletCaller; walletId?: string; chain?: string } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key
  return (options.caller ?? me).post(
    `/api/v1/wallets/${options.walletId ?? sol.id}/rpc`,
    {
      method: 'signAndSendTransaction',
      caip2: options.chain ?? caip2,
      params: { transaction: wire, encoding: 'base64' },
    },
    { headers: key === null ? {} : { 'privy-idempotency-key': key } },
  )
}

const listed = async () =>
  (JSON.parse((await me.api.get(`/api/v1/wallets/${sol.id}/sends?limit=100`)).text) as Json).data as Json[]

/** The send with signature `hash`, as GET /wallets/:id/sends/:send_id shows it once it is no longer pending. */
async function settled(hash: string): Promise<Json> {
  const found = (await listed()).find((each) => each.hash === hash)
  expect(found).toBeDefined()
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const body = JSON.parse((await me.api.get(`/api/v1/wallets/${sol.id}/sends/${found.id}`)).text) as Json
    if (body.status !== 'pending') return body
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`send ${hash} stayed pending`)
}

const faucet = (address: string, asset: 'native' | 'USDC', amount: string) =>
  fundFromFaucet(me.api, address, { chainId: 'devnet', asset, amount })

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  const member = await fundedMember(server.url, [
    { chainId: 'devnet', asset: 'native', amount: '2' },
    { chainId: 'devnet', asset: 'USDC', amount: '100' },
  ])
  me = member.caller
  sol = member.wallet('solana')
  wallet = sol.address as Address
  phone = member.address
  const chains = JSON.parse((await me.api.get('/api/v1/chains')).text) as Json
  usdcMint = chains.chains.find((chain: Json) => chain.id === 'devnet').usdc.address
}, 120_000)

afterAll(() => server?.close())

describe('signAndSendTransaction on the local Solana cluster', () => {
  it('sends SOL: the recipient gets exactly the amount, the sender pays it and the fee; pending, then confirmed', async () => {
    const to = await recipient()
    const before = await balance(wallet)
    const amount = oneSol / 2n
    const answer = await send(base64(transaction([transferSol(to, amount)])))
    expect(answer.status, answer.text).toBe(200)
    const body = JSON.parse(answer.text) as Json
    expect(body).toEqual({
      method: 'signAndSendTransaction',
      data: { caip2, hash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) },
    })
    // Recorded pending as it was broadcast; the status route reads the chain and finds it confirmed.
    const { db } = await sharedTestDatabase()
    const [row] = await db.select().from(sends).where(eq(sends.hash, body.data.hash))
    expect(row).toMatchObject({ status: 'pending', caip2, chainId: null, nonce: null, blockNumber: null })
    const sent = await settled(body.data.hash)
    expect(sent).toMatchObject({
      status: 'confirmed',
      caip2,
      nonce: null,
      to,
      value: amount.toString(),
      token: null,
      reason: null,
    })
    expect(sent.block_number).toMatch(/^\d+$/)
    expect(await balance(to)).toBe(amount)
    expect(await balance(wallet)).toBe(before - amount - feePerSignature)
    const statuses = await rpc('getSignatureStatuses', [[body.data.hash]])
    expect(statuses.value[0]).toMatchObject({ err: null })
    const activity = JSON.parse((await me.api.get('/api/v1/wallets/activity')).text) as Json
    expect(JSON.stringify(activity)).toContain(`Sent 0.5 SOL to ${to} on Solana Devnet`)
  })

  it('sends USDC to a recipient without a token account: it is created, both USDC balances move exactly', async () => {
    const to = await recipient()
    const amount = 2_500_000n
    const beforeUsdc = await usdcBalance(wallet)
    const before = await balance(wallet)
    const rent = BigInt(await rpc('getMinimumBalanceForRentExemption', [165]))
    const answer = await send(base64(transaction(await usdcTransfer(to, amount))))
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    expect(await settled(hash)).toMatchObject({
      status: 'confirmed',
      to,
      value: '0',
      token: { symbol: 'USDC', to, amount: amount.toString() },
    })
    expect(await usdcBalance(to)).toBe(amount)
    expect(await usdcBalance(wallet)).toBe(beforeUsdc - amount)
    // The wallet paid the fee and the new account's rent.
    expect(await balance(wallet)).toBe(before - feePerSignature - rent)
    const activity = JSON.parse((await me.api.get('/api/v1/wallets/activity')).text) as Json
    expect(JSON.stringify(activity)).toContain(`Sent 2.5 USDC to ${to} on Solana Devnet`)
    // Again to the same recipient: the idempotent create does nothing, no rent this time.
    const again = await send(base64(transaction(await usdcTransfer(to, amount))))
    expect(again.status, again.text).toBe(200)
    expect(await settled((JSON.parse(again.text) as Json).data.hash)).toMatchObject({ status: 'confirmed' })
    expect(await usdcBalance(to)).toBe(2n * amount)
    expect(await balance(wallet)).toBe(before - 2n * feePerSignature - rent)
  })

  it('follows a send nobody reads: the periodic sweep confirms it', async () => {
    const answer = await send(base64(transaction([transferSol(await recipient(), oneSol / 100n)])))
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    const { db } = await sharedTestDatabase()
    const statusOf = async () => (await db.select().from(sends).where(eq(sends.hash, hash)))[0]
    expect(await statusOf()).toMatchObject({ status: 'pending' })
    await followPendingSends(db, server.parts.registry.get('chains').adapter)
    expect(await statusOf()).toMatchObject({
      status: 'confirmed',
      blockNumber: expect.stringMatching(/^\d+$/),
    })
  })

  it('answers a replay with the first signature and sends once, at this server, a second one and another session', async () => {
    const key = randomUUID()
    const to = await recipient()
    const wire = base64(transaction([transferSol(to, oneSol / 10n)]))
    const first = await send(wire, { key })
    expect(first.status, first.text).toBe(200)
    const again = await send(wire, { key })
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text))
    // A second server process on the same database (it offers no chain: the answer is the recorded one).
    // The same app: every replica of a deployment is given the same APP_ID.
    const second = await startTestServer({ env: { APP_ID: server.appId } })
    try {
      const there = me.at(second.url)
      const replayed = await send(wire, { key, caller: there })
      expect(replayed.status, replayed.text).toBe(200)
      expect(JSON.parse(replayed.text)).toEqual(JSON.parse(first.text))
    } finally {
      await second.close()
    }
    // Another session of the member: its own idempotency cache, the same send's record.
    const device = new WalletCaller(new ApiClient(server.url))
    expect((await device.signIn('phone', phone)).status).toBe(200)
    const fromDevice = await send(wire, { key, caller: device })
    expect(fromDevice.status, fromDevice.text).toBe(200)
    expect(JSON.parse(fromDevice.text)).toEqual(JSON.parse(first.text))
    const different = await send(base64(transaction([transferSol(to, oneSol / 5n)])), { key, caller: device })
    expect(different.status).toBe(409)
    expect(await balance(to)).toBe(oneSol / 10n)
    expect((await listed()).filter((each) => each.to === to)).toHaveLength(1)
    // The replays sent the same bytes again at most: the one transaction stands, confirmed.
    expect(await settled(JSON.parse(first.text).data.hash)).toMatchObject({
      status: 'confirmed',
      reason: null,
    })
  })

  it('signs with a co-signer who signed first, its blockhash set by the client', async () => {
    const cosigner = await generateKeyPairSigner()
    await faucet(cosigner.address, 'native', '1')
    const to = await recipient()
    const latest = (await rpc('getLatestBlockhash', [])).value
    const compiled = transaction([transferSol(to, oneSol / 4n, cosigner.address)], {
      blockhash: latest.blockhash,
    })
    const partly = await partiallySignTransaction([cosigner.keyPair], compiled)
    const before = await balance(wallet)
    const answer = await send(getBase64EncodedWireTransaction(partly))
    expect(answer.status, answer.text).toBe(200)
    expect(await settled((JSON.parse(answer.text) as Json).data.hash)).toMatchObject({ status: 'confirmed' })
    expect(await balance(to)).toBe(oneSol / 4n)
    // Two signatures' fee, paid by the wallet.
    expect(await balance(wallet)).toBe(before - 2n * feePerSignature)
  })

  it('sends one transaction once: the same transfer at the same blockhash under a second key is refused', async () => {
    const to = await recipient()
    const latest = (await rpc('getLatestBlockhash', [])).value
    const wire = base64(transaction([transferSol(to, oneSol / 20n)], { blockhash: latest.blockhash }))
    const first = await send(wire)
    expect(first.status, first.text).toBe(200)
    const second = await send(wire)
    expect(second.status).toBe(409)
    expect(JSON.parse(second.text)).toMatchObject({
      code: -32000,
      error: expect.stringContaining('An identical transaction'),
    })
    expect(await balance(to)).toBe(oneSol / 20n)
  })

  it('refuses overdrafts before signing: a clear -32000, nothing recorded, nothing moved', async () => {
    const before = await listed()
    const held = await balance(wallet)
    const to = await recipient()
    const cases: [string, RegExp][] = [
      [
        base64(transaction([transferSol(to, held + 1n)])),
        /^insufficient funds: the transaction moves [\d.]+ SOL and the wallet holds [\d.]+ SOL on Solana Devnet\.$/,
      ],
      [base64(transaction([transferSol(to, held)])), /^insufficient funds: .* \+ fee 0\.000005 SOL = /],
      [
        base64(transaction(await usdcTransfer(to, (await usdcBalance(wallet)) + 1n))),
        /^insufficient funds: the transfer is [\d.]+ USDC and the wallet holds [\d.]+ USDC on Solana Devnet\.$/,
      ],
    ]
    for (const [wire, message] of cases) {
      const answer = await send(wire)
      expect(answer.status, answer.text).toBe(400)
      expect(JSON.parse(answer.text)).toMatchObject({ code: -32000, error: expect.stringMatching(message) })
    }
    // Within the balance, but the chain says it would fail (USDC has 6 decimals, not 2): refused unsigned.
    const failing = await send(base64(transaction(await usdcTransfer(to, 1n, 2))))
    expect(JSON.parse(failing.text)).toMatchObject({
      code: -32000,
      error: expect.stringMatching(
        /^The chain says this transaction would fail: \{.+\} \(.*[Ee]rror.*\)\. Nothing was signed\.$/,
      ),
    })
    expect(await listed()).toHaveLength(before.length)
    expect(await balance(wallet)).toBe(held)
    expect(await balance(to)).toBe(0n)
  })

  it('refuses a fee above SEND_MAX_FEE_SOL unless the caller allows it, before signing', async () => {
    const held = await walletWithHeldKey()
    const to = await recipient()
    const wire = (amount: bigint) =>
      getBase64EncodedWireTransaction(
        transaction([transferSol(to, amount, held.key.address as Address)], {
          feePayer: held.key.address as Address,
        }),
      )
    // The local cluster asks 0.000005 SOL for one signature: above a cap of 0.000001 SOL.
    await expect(
      sendInProcess(
        held,
        { transaction: wire(oneSol / 100n), encoding: 'base64' },
        { maxFeeSol: '0.000001' },
      ),
    ).rejects.toThrow(
      "the fee, 0.000005 SOL, is above this server's cap of 0.000001 SOL (SEND_MAX_FEE_SOL). Send params.allow_high_fee: true to pay it anyway.",
    )
    expect(await balance(to)).toBe(0n)
    const allowed = await sendInProcess(
      held,
      { transaction: wire(oneSol / 50n), encoding: 'base64', allow_high_fee: true },
      { maxFeeSol: '0.000001' },
    )
    expect(allowed.summary).toBe(`Sent 0.02 SOL to ${to} on Solana Devnet`)
    await expect.poll(() => balance(to), { timeout: 10_000 }).toBe(oneSol / 50n)

    // Over HTTP: the flag is a boolean or absent; within the default cap it changes nothing.
    const flagged = (value: unknown) =>
      me.post(
        `/api/v1/wallets/${sol.id}/rpc`,
        {
          method: 'signAndSendTransaction',
          caip2,
          params: {
            transaction: base64(transaction([transferSol(to, 1000n)])),
            encoding: 'base64',
            allow_high_fee: value,
          },
        },
        { headers: { 'privy-idempotency-key': randomUUID() } },
      )
    const notBoolean = await flagged('yes')
    expect(notBoolean.status).toBe(400)
    expect(JSON.parse(notBoolean.text)).toMatchObject({
      code: -32602,
      error: expect.stringContaining('allow_high_fee'),
    })
    expect((await flagged(true)).status).toBe(200)
  })

  it('refuses hostile transactions and unknown clusters by name, before signing', async () => {
    const before = await listed()
    const held = await balance(wallet)
    const stranger = await generateKeyPairSigner()
    const to = await recipient()
    const unknownBlockhash = getBase58Decoder().decode(new Uint8Array(32).fill(7)) as Blockhash
    const cases: [string, number, RegExp][] = [
      ['AAAA', -32602, /^params\.transaction: not a Solana wire transaction/],
      [Buffer.from('not a transaction at all').toString('base64'), -32602, /not a Solana wire transaction/],
      [
        base64(transaction([transferSol(to, 1_000_000n)], { feePayer: stranger.address })),
        -32602,
        /its fee payer is .+, not this wallet/,
      ],
      [
        base64(transaction([transferSol(to, 1_000_000n, stranger.address)])),
        -32602,
        new RegExp(`needs a valid signature from ${stranger.address}, which it lacks`),
      ],
      [
        base64(transaction([transferSol(to, 1_000_000n)], { blockhash: unknownBlockhash })),
        -32602,
        /recent blockhash .+ has expired .+ Set it to 11111111111111111111111111111111/,
      ],
    ]
    // A co-signer who signed the message with the blockhash left to fill: filling it would void their signature.
    const cosigned = await partiallySignTransaction(
      [stranger.keyPair],
      transaction([transferSol(to, 1_000_000n, stranger.address)]),
    )
    cases.push([
      getBase64EncodedWireTransaction(cosigned),
      -32602,
      /other signers signed it, so its blockhash cannot be changed/,
    ])
    // A co-signer's signature over other bytes is no signature.
    const latest = (await rpc('getLatestBlockhash', [])).value
    const signedElsewhere = await partiallySignTransaction(
      [stranger.keyPair],
      transaction([transferSol(to, 2_000_000n, stranger.address)], { blockhash: latest.blockhash }),
    )
    const forgedWire = Buffer.from(
      base64(transaction([transferSol(to, 1_000_000n, stranger.address)], { blockhash: latest.blockhash })),
      'base64',
    )
    forgedWire.set(
      Buffer.from(getBase64EncodedWireTransaction(signedElsewhere), 'base64').subarray(65, 129),
      65,
    )
    cases.push([
      forgedWire.toString('base64'),
      -32602,
      new RegExp(`needs a valid signature from ${stranger.address}`),
    ])
    for (const [wire, code, message] of cases) {
      const answer = await send(wire)
      expect(answer.status, wire).toBe(400)
      expect(JSON.parse(answer.text), wire).toMatchObject({ code, error: expect.stringMatching(message) })
    }
    const mainnet = await send(base64(transaction([transferSol(to, 1_000_000n)])), {
      chain: solanaClusters['mainnet-beta'].caip2,
    })
    expect(JSON.parse(mainnet.text)).toMatchObject({
      code: 4902,
      error: expect.stringContaining(`it offers ${caip2}`),
    })
    const evmChain = await send(base64(transaction([transferSol(to, 1_000_000n)])), { chain: 'eip155:84532' })
    expect(JSON.parse(evmChain.text)).toMatchObject({ code: 4902 })
    expect(await listed()).toHaveLength(before.length)
    expect(await balance(wallet)).toBe(held)
  })

  it('requires both the idempotency key and the expiry', async () => {
    const wire = base64(transaction([transferSol(await recipient(), 1_000_000n)]))
    const noKey = await send(wire, { key: null })
    expect(noKey.status).toBe(400)
    expect(JSON.parse(noKey.text).error).toMatch(/privy-idempotency-key/)
    const path = `/api/v1/wallets/${sol.id}/rpc`
    const body = {
      method: 'signAndSendTransaction',
      caip2,
      params: { transaction: wire, encoding: 'base64' },
    }
    const noExpiry = await me.post(path, body, {
      omitExpiry: true,
      headers: { 'privy-idempotency-key': 'k1' },
    })
    expect(noExpiry.status).toBe(400)
    expect(JSON.parse(noExpiry.text).error).toMatch(/privy-request-expiry/)
  })

  it('sends nothing for a stolen cookie without the device key, nor for another member’s wallet', async () => {
    const held = await balance(wallet)
    const to = await recipient()
    const wire = base64(transaction([transferSol(to, 1_000_000n)]))
    const body = {
      method: 'signAndSendTransaction',
      caip2,
      params: { transaction: wire, encoding: 'base64' },
    }
    const thief = new ApiClient(server.url)
    thief.cookie = me.api.cookie
    const unsigned = await thief.post(`/api/v1/wallets/${sol.id}/rpc`, body, {
      'privy-idempotency-key': randomUUID(),
      'privy-request-expiry': String(Date.now() + 60_000),
    })
    expect(unsigned.status).toBe(401)
    const otherKey = new WalletCaller(thief)
    const forged = await otherKey.post(`/api/v1/wallets/${sol.id}/rpc`, body, {
      headers: { 'privy-idempotency-key': randomUUID() },
    })
    expect(forged.status).toBe(401)
    const other = await signedInMember(server.url)
    const notTheirs = await send(wire, { caller: other.caller })
    expect(notTheirs.status).toBe(404)
    expect((await other.api.get(`/api/v1/wallets/${sol.id}/sends`)).status).toBe(404)
    expect(await balance(to)).toBe(0n)
    expect(await balance(wallet)).toBe(held)
  })

  it('follows a send to its end: failed with the chain’s error, or dropped once its blockhash has expired', async () => {
    // A transaction that lands and fails (sent past the preflight, as a node may take it): its fee paid, its
    // transfer refused by the System program.
    const payer = await generateKeyPairSigner()
    await faucet(payer.address, 'native', '1')
    const latest = (await rpc('getLatestBlockhash', [])).value
    const failing = await signTransaction(
      [payer.keyPair],
      transaction([transferSol(await recipient(), 5n * oneSol, payer.address)], {
        feePayer: payer.address,
        blockhash: latest.blockhash,
      }),
    )
    const landed = await rpc('sendTransaction', [
      getBase64EncodedWireTransaction(failing),
      { encoding: 'base64', skipPreflight: true },
    ])
    const { db } = await sharedTestDatabase()
    const [owner] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, sol.id))
    const broadcast = (hash: string, lastValidBlockHeight: string) => ({
      id: randomUUID(),
      userId: owner?.userId as string,
      walletId: sol.id,
      caip2,
      lastValidBlockHeight,
      toAddress: wallet,
      value: '0',
      signedTransaction: 'unused',
      hash,
      status: 'pending' as const,
      broadcastAt: new Date(),
    })
    const failed = broadcast(landed, String(latest.lastValidBlockHeight))
    const dropped = broadcast(getBase58Decoder().decode(randomBytes(64)), '0')
    await db.insert(sends).values([failed, dropped])
    const shown = async (id: string) =>
      JSON.parse((await me.api.get(`/api/v1/wallets/${sol.id}/sends/${id}`)).text) as Json
    expect(await shown(failed.id)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^failed on chain: .*InstructionError/),
      block_number: expect.stringMatching(/^\d+$/),
    })
    expect(await shown(dropped.id)).toMatchObject({ status: 'failed', reason: 'dropped: blockhash expired' })
  })

  it('runs again later with the same params and no caller (a held send): a fresh blockhash over the expired one', async () => {
    const { key, row, userId } = await walletWithHeldKey()
    const { db } = await sharedTestDatabase()
    const to = await recipient()
    // The blockhash the caller set when the send was asked for, long expired when the hold ends.
    const stale = getBase58Decoder().decode(new Uint8Array(32).fill(3)) as Blockhash
    const params = {
      transaction: getBase64EncodedWireTransaction(
        transaction([transferSol(to, oneSol / 8n, key.address as Address)], {
          feePayer: key.address as Address,
          blockhash: stale,
        }),
      ),
      encoding: 'base64' as const,
    }
    const run = (heldReplay: false | 'waited') => sendInProcess({ key, row, userId }, params, { heldReplay })
    await expect(run(false)).rejects.toThrow(/has expired/)
    const outcome = await run('waited')
    expect(outcome.summary).toBe(`Sent 0.125 SOL to ${to} on Solana Devnet`)
    const [sent] = await db.select().from(sends).where(eq(sends.hash, outcome.data.hash))
    expect(sent).toMatchObject({ status: 'pending', caip2 })
    expect((await rpc('getSignatureStatuses', [[outcome.data.hash]])).value[0]).toMatchObject({ err: null })
    expect(await balance(to)).toBe(oneSol / 8n)
  })

  describe('a send recorded and never broadcast (its server stopped in between)', () => {
    /** The state a server killed after recording and before broadcasting leaves: signed bytes, never sent. */
    async function recordedNotBroadcast(options: { expired: boolean }) {
      const to = await recipient()
      const latest = (await rpc('getLatestBlockhash', [])).value
      const wire = base64(transaction([transferSol(to, oneSol / 50n)], { blockhash: latest.blockhash }))
      // The wallet signs without sending (signTransaction), as the crashed server had.
      const signedAnswer = await me.rpc(sol.id, 'signTransaction', { transaction: wire, encoding: 'base64' })
      expect(signedAnswer.status, signedAnswer.text).toBe(200)
      const signed = (JSON.parse(signedAnswer.text) as Json).data.signed_transaction as string
      const hash = getBase58Decoder().decode(Buffer.from(signed, 'base64').subarray(1, 65))
      const { db } = await sharedTestDatabase()
      const [owner] = await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.id, sol.id))
      const key = randomUUID()
      const id = randomUUID()
      await db.insert(sends).values({
        id,
        userId: owner?.userId as string,
        walletId: sol.id,
        idempotencyKey: key,
        caip2,
        lastValidBlockHeight: options.expired ? '0' : String(latest.lastValidBlockHeight),
        toAddress: to,
        value: String(oneSol / 50n),
        dataDigest: createHash('sha256').update(Buffer.from(wire, 'base64')).digest('hex'),
        signedTransaction: signed,
        hash,
        status: 'pending',
      })
      return { to, wire, key, hash, id }
    }

    it('goes out on a retry with its key while its blockhash is valid: the same signature, landed once', async () => {
      const { to, wire, key, hash } = await recordedNotBroadcast({ expired: false })
      expect(await balance(to)).toBe(0n)
      const retried = await send(wire, { key })
      expect(retried.status, retried.text).toBe(200)
      expect(JSON.parse(retried.text).data).toEqual({ caip2, hash })
      expect(await settled(hash)).toMatchObject({ status: 'confirmed' })
      expect(await balance(to)).toBe(oneSol / 50n)
      // From another session: answered, never sent again.
      const device = new WalletCaller(new ApiClient(server.url))
      expect((await device.signIn('phone', phone)).status).toBe(200)
      const again = await send(wire, { key, caller: device })
      expect(JSON.parse(again.text).data).toEqual({ caip2, hash })
      expect(await balance(to)).toBe(oneSol / 50n)
    })

    it('is interrupted once its blockhash has expired: never sent, and its key tells so', async () => {
      const { to, wire, key, hash, id } = await recordedNotBroadcast({ expired: true })
      const retried = await send(wire, { key })
      expect(retried.status).toBe(409)
      expect(JSON.parse(retried.text).error).toMatch(/interrupted before it was broadcast/)
      const shown = JSON.parse((await me.api.get(`/api/v1/wallets/${sol.id}/sends/${id}`)).text) as Json
      expect(shown).toMatchObject({
        status: 'interrupted',
        hash,
        reason: expect.stringContaining('never sent'),
      })
      expect((await rpc('getSignatureStatuses', [[hash]])).value[0]).toBeNull()
      expect(await balance(to)).toBe(0n)
    })

    it('is interrupted by the periodic sweep too, when nobody retries', async () => {
      const { id } = await recordedNotBroadcast({ expired: true })
      const { db } = await sharedTestDatabase()
      await followPendingSends(db, server.parts.registry.get('chains').adapter)
      const [row] = await db.select().from(sends).where(eq(sends.id, id))
      expect(row).toMatchObject({ status: 'interrupted' })
    })
  })
})
