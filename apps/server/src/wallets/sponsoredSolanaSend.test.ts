import { randomUUID, sign } from 'node:crypto'
import { solanaClusters } from '@charter/core'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sends, sponsorReservations, users, wallets } from '../db/schema.ts'
import { loadSettings } from '../settings/env.ts'
import type { Sponsor } from '../sponsor/Sponsor.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember, fundFromFaucet } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { proxiedRpc } from '../testing/proxiedRpc.ts'
import { allowedWith, saidActivity } from '../testing/saidActivity.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { sweepHeldSends } from '../testing/sweepHeldSends.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'
import { solanaSignAndSendTransaction } from './methods/solanaSignAndSendTransaction.ts'
import { sendFeeCaps } from './sends/sendFeeCaps.ts'
import { ed25519PrivateKey, generateWalletKey } from './walletKeys.ts'

/** The local cluster stands in for devnet and answers to devnet's CAIP-2 id. */
const caip2 = solanaClusters.devnet.caip2
/** Two signatures, the sponsor's and the member's, at the local cluster's 5,000 lamports each. */
const sponsoredFee = 10_000n
const toFill = '11111111111111111111111111111111' as Blockhash

let server: TestServer
/** A member who only reads the chain through the proxy, as a browser does. */
let reader: WalletCaller
let usdcMint: Address
let rent: bigint

const rpc = (method: string, params: unknown[]) => proxiedRpc(reader.api, 'devnet', method, params)
const balance = async (address: string) => BigInt((await rpc('getBalance', [address])).value)
const ataOf = async (owner: Address) =>
  (await findAssociatedTokenPda({ owner, mint: usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
const usdcBalance = async (owner: Address) => {
  const found = await rpc('getTokenAccountBalance', [await ataOf(owner)]).catch(() => undefined)
  return BigInt(found?.value?.amount ?? 0)
}
const recipient = async () => (await generateKeyPairSigner()).address
const faucet = (address: string, asset: 'native' | 'USDC', amount: string) =>
  fundFromFaucet(reader.api, address, { chainId: 'devnet', asset, amount })

/**
 * A USDC send as the web builds one for the sponsor: the sponsor pays the fee (and the recipient's new account);
 * the member signs only as the owner of the USDC.
 */
async function sponsoredTransfer(
  input: { sponsor: Address; from: Address; to: Address; amount: bigint; create?: boolean },
  extra: Instruction[] = [],
): Promise<string> {
  const destination = await ataOf(input.to)
  const instructions: Instruction[] = [
    ...(input.create === false
      ? []
      : [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: createNoopSigner(input.sponsor),
            ata: destination,
            owner: input.to,
            mint: usdcMint,
          }),
        ]),
    getTransferCheckedInstruction({
      source: await ataOf(input.from),
      mint: usdcMint,
      destination,
      authority: createNoopSigner(input.from),
      amount: input.amount,
      decimals: 6,
    }),
    ...extra,
  ]
  return wireOf(input.sponsor, instructions)
}

/** A wire transaction of `instructions` with `feePayer` first, the blockhash left for the server to fill. */
function wireOf(feePayer: Address, instructions: Instruction[]): string {
  return getBase64EncodedWireTransaction(
    compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayer(feePayer, message),
        (message) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: toFill, lastValidBlockHeight: 0n },
            message,
          ),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    ),
  )
}

/**
 * A sponsor that keeps its reservations where the test can read them, with a key the test holds: what the real
 * sponsor (sponsor/) promises, without its allowance. `signSolanaMessage` can be made to sign wrong, as a key
 * the node does not accept.
 */
function testSponsor() {
  const key = generateWalletKey('solana')
  const reservations: { id: string; userId: string; caip2: string; maxFee: bigint; released: boolean }[] = []
  const state = { covered: true, signsWrong: false }
  const sponsor: Sponsor = {
    mode: 'members',
    address: (chainType) => (chainType === 'solana' ? key.address : undefined),
    covers: async () => state.covered,
    reserve: async (input) => {
      const reservation = { id: randomUUID(), ...input, released: false }
      reservations.push(reservation)
      return { id: reservation.id }
    },
    release: async ({ id }) => {
      const found = reservations.find((each) => each.id === id)
      if (found) found.released = true
    },
    signEvmTransaction: async () => {
      throw new Error('not on EVM')
    },
    signSolanaMessage: async (message) =>
      new Uint8Array(
        sign(
          null,
          state.signsWrong ? new Uint8Array([1, ...message]) : message,
          ed25519PrivateKey(key.privateKey),
        ),
      ),
    allowance: async () => ({ sendsLeft: 1, sendsPerWindow: 1, windowHours: 24, nextFreeAt: null }),
  }
  return { sponsor, address: key.address as Address, reservations, state }
}

/** A member's Solana wallet whose key this test holds, as the server holds its members' keys: no SOL at all. */
async function memberWithoutSol(usdc: string) {
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
  await faucet(key.address, 'USDC', usdc)
  return { key, row: row as typeof wallets.$inferSelect, userId, address: key.address as Address }
}

/** The method as the route runs it, with the sponsor given and `sponsor: true` unless told otherwise. */
async function sendInProcess(
  member: Awaited<ReturnType<typeof memberWithoutSol>>,
  sponsor: Sponsor,
  transaction: string,
  options: { sponsorFlag?: boolean; idempotencyKey?: string } = {},
) {
  const { db } = await sharedTestDatabase()
  const { said, activity } = saidActivity()
  const params = { transaction, encoding: 'base64' as const }
  const outcome = await solanaSignAndSendTransaction(
    {
      activity,
      authorize: allowedWith(member.key.privateKey),
      wallet: member.row,
      sending: {
        db,
        chains: server.parts.registry.get('chains').adapter,
        ...sendFeeCaps(loadSettings({})),
        policy: server.parts.policy,
        sponsor,
      },
      request: {
        caip2,
        idempotencyKey: options.idempotencyKey ?? randomUUID(),
        expiry: String(Date.now()),
        method: 'signAndSendTransaction',
        params,
        sponsor: options.sponsorFlag ?? true,
      },
      session: { sessionId: randomUUID(), userId: member.userId },
      heldReplay: false,
    },
    params,
  )
  return { ...outcome, summary: said.at(-1)?.summary }
}

const confirmed = (hash: string) =>
  expect
    .poll(async () => (await rpc('getSignatureStatuses', [[hash]])).value[0]?.confirmationStatus, {
      timeout: 10_000,
    })
    .toMatch(/confirmed|finalized/)

beforeAll(async () => {
  // Five sponsored sends a day per member: the allowance runs out within a test. A new device's large sends wait
  // an hour (the device that created the account is never held).
  server = await startTestServer({
    env: { LOCAL_CHAINS: 'on', SPONSOR_SENDS_PER_DAY: '5', NEW_DEVICE_HOLD_HOURS: '1' },
  })
  const member = await fundedMember(server.url, [])
  reader = member.caller
  const chains = JSON.parse((await reader.api.get('/api/v1/chains')).text) as Json
  usdcMint = chains.chains.find((chain: Json) => chain.id === 'devnet').usdc.address
  rent = BigInt(await rpc('getMinimumBalanceForRentExemption', [165]))
}, 120_000)

afterAll(() => server?.close())

describe('signAndSendTransaction paid by a sponsor (in-process, a sponsor whose key the test holds)', () => {
  it('sends USDC from a wallet with no SOL to a new account and to an existing one: the sponsor pays fee and rent', async () => {
    const { sponsor, address: sponsorAddress, reservations } = testSponsor()
    await faucet(sponsorAddress, 'native', '1')
    const member = await memberWithoutSol('50')
    const to = await recipient()
    const sponsorBefore = await balance(sponsorAddress)

    const first = await sendInProcess(
      member,
      sponsor,
      await sponsoredTransfer({ sponsor: sponsorAddress, from: member.address, to, amount: 10_000_000n }),
    )
    expect(first.summary).toBe(`Sent 10 USDC to ${to} on Solana Devnet · network fee paid by Charter`)
    await confirmed(first.data.hash)
    expect(await usdcBalance(to)).toBe(10_000_000n)
    expect(await usdcBalance(member.address)).toBe(40_000_000n)
    expect(await balance(member.address)).toBe(0n)
    expect(await balance(sponsorAddress)).toBe(sponsorBefore - sponsoredFee - rent)
    // Reserved before signing, at the most it could cost, and kept: it went out.
    expect(reservations).toEqual([
      expect.objectContaining({ userId: member.userId, caip2, maxFee: sponsoredFee + rent, released: false }),
    ])
    const { db } = await sharedTestDatabase()
    const [row] = await db.select().from(sends).where(eq(sends.hash, first.data.hash))
    expect(row).toMatchObject({ feePayer: sponsorAddress, tokenTo: to, tokenAmount: '10000000', value: '0' })

    // The recipient's account exists now: the idempotent creation costs nothing, and so does a plain transfer.
    const second = await sendInProcess(
      member,
      sponsor,
      await sponsoredTransfer({ sponsor: sponsorAddress, from: member.address, to, amount: 5_000_000n }),
    )
    const third = await sendInProcess(
      member,
      sponsor,
      await sponsoredTransfer({
        sponsor: sponsorAddress,
        from: member.address,
        to,
        amount: 1_000_000n,
        create: false,
      }),
    )
    await confirmed(second.data.hash)
    await confirmed(third.data.hash)
    expect(await usdcBalance(to)).toBe(16_000_000n)
    expect(await balance(member.address)).toBe(0n)
    expect(await balance(sponsorAddress)).toBe(sponsorBefore - 3n * sponsoredFee - rent)
    // The idempotent creation of an existing account still reserves its rent: the recipient could close the account
    // before the send lands, and the sponsor would pay it again. A plain transfer reserves only the fee.
    expect(reservations.slice(1).map((each) => each.maxFee)).toEqual([sponsoredFee + rent, sponsoredFee])
  })

  it('answers a replay under the same key with the same signature, sent once', async () => {
    const { sponsor, address: sponsorAddress, reservations } = testSponsor()
    await faucet(sponsorAddress, 'native', '1')
    const member = await memberWithoutSol('5')
    const to = await recipient()
    const wire = await sponsoredTransfer({
      sponsor: sponsorAddress,
      from: member.address,
      to,
      amount: 1_000_000n,
    })
    const idempotencyKey = randomUUID()
    const first = await sendInProcess(member, sponsor, wire, { idempotencyKey })
    const again = await sendInProcess(member, sponsor, wire, { idempotencyKey })
    expect(again.data).toEqual(first.data)
    await confirmed(first.data.hash)
    expect(await usdcBalance(to)).toBe(1_000_000n)
    expect(reservations).toHaveLength(1)
  })

  it('takes a transaction built for the sponsor without the flag; refuses the flag with the wallet as fee payer', async () => {
    const { sponsor, address: sponsorAddress } = testSponsor()
    await faucet(sponsorAddress, 'native', '1')
    const member = await memberWithoutSol('5')
    const to = await recipient()
    const unflagged = await sendInProcess(
      member,
      sponsor,
      await sponsoredTransfer({ sponsor: sponsorAddress, from: member.address, to, amount: 1_000_000n }),
      { sponsorFlag: false },
    )
    await confirmed(unflagged.data.hash)
    expect(await balance(member.address)).toBe(0n)
    await expect(
      sendInProcess(
        member,
        sponsor,
        await sponsoredTransfer({ sponsor: member.address, from: member.address, to, amount: 1_000_000n }),
      ),
    ).rejects.toThrow(
      new RegExp(
        `names Charter's fee payer, ${sponsorAddress}, as its fee payer .+ its fee payer is ${member.address}`,
      ),
    )
  })

  it('refuses a member it does not cover, and gives the place back when the node refuses the transaction', async () => {
    const { sponsor, address: sponsorAddress, reservations, state } = testSponsor()
    await faucet(sponsorAddress, 'native', '1')
    const member = await memberWithoutSol('5')
    const to = await recipient()
    const wire = () =>
      sponsoredTransfer({ sponsor: sponsorAddress, from: member.address, to, amount: 1_000_000n })
    state.covered = false
    await expect(sendInProcess(member, sponsor, await wire())).rejects.toThrow(
      /Charter does not pay network fees for this account/,
    )
    expect(reservations).toHaveLength(0)
    state.covered = true
    // The sponsor's signature over other bytes: the node refuses it, nothing went out.
    state.signsWrong = true
    await expect(sendInProcess(member, sponsor, await wire())).rejects.toThrow(
      /The node refused the transaction/,
    )
    expect(reservations).toEqual([expect.objectContaining({ released: true })])
    expect(await usdcBalance(to)).toBe(0n)
    expect(await usdcBalance(member.address)).toBe(5_000_000n)
  })

  it('refuses before reserving when the sponsor cannot pay, or the member holds too little USDC', async () => {
    const { sponsor, address: sponsorAddress, reservations } = testSponsor()
    const member = await memberWithoutSol('5')
    const to = await recipient()
    await expect(
      sendInProcess(
        member,
        sponsor,
        await sponsoredTransfer({ sponsor: sponsorAddress, from: member.address, to, amount: 1_000_000n }),
      ),
    ).rejects.toThrow(/Charter cannot pay network fees on Solana Devnet at the moment/)
    await faucet(sponsorAddress, 'native', '1')
    await expect(
      sendInProcess(
        member,
        sponsor,
        await sponsoredTransfer({ sponsor: sponsorAddress, from: member.address, to, amount: 6_000_000n }),
      ),
    ).rejects.toThrow(
      'insufficient funds: the transfer is 6 USDC and the wallet holds 5 USDC on Solana Devnet.',
    )
    expect(reservations).toHaveLength(0)
  })
})

describe('signAndSendTransaction with sponsor: true over HTTP (the server’s own sponsor)', () => {
  /** `GET /api/v1/sponsor`, as the web reads it before building a sponsored send. */
  async function sponsorShown(caller: WalletCaller) {
    const answer = await caller.api.get('/api/v1/sponsor')
    expect(answer.status, answer.text).toBe(200)
    return JSON.parse(answer.text) as Json
  }

  /** How many more sends the sponsor would pay for this member now. */
  const sendsLeft = async (member: { caller: WalletCaller }) =>
    (await sponsorShown(member.caller)).allowance.sends_left as number

  /** A member with USDC and no SOL, and the sponsor's address they build for, as the server shows it. */
  async function payingMember(usdc = '50') {
    const member = await fundedMember(server.url, [{ chainId: 'devnet', asset: 'USDC', amount: usdc }])
    const wallet = member.wallet('solana')
    const shown = await sponsorShown(member.caller)
    expect(shown).toMatchObject({ covered: true, payer: 'Charter', solana: { address: expect.any(String) } })
    expect(shown.chains).toContain('devnet')
    const sponsor = shown.solana.address as Address
    expect(sponsor).toBe(server.parts.sponsor.address('solana'))
    return { caller: member.caller, wallet, from: wallet.address as Address, sponsor, phone: member.address }
  }

  const send = (
    member: Awaited<ReturnType<typeof payingMember>>,
    transaction: string,
    options: { key?: string; sponsor?: boolean } = {},
  ) =>
    member.caller.post(
      `/api/v1/wallets/${member.wallet.id}/rpc`,
      {
        method: 'signAndSendTransaction',
        caip2,
        ...(options.sponsor === false ? {} : { sponsor: true }),
        params: { transaction, encoding: 'base64' },
      },
      { headers: { 'privy-idempotency-key': options.key ?? randomUUID() } },
    )

  it('sends USDC from a member with 0 SOL to a member without a USDC account, then to one with: it arrives, the sponsor pays', async () => {
    const member = await payingMember()
    const newcomer = await fundedMember(server.url, [])
    const holder = await fundedMember(server.url, [{ chainId: 'devnet', asset: 'USDC', amount: '1' }])
    const newcomerAddress = newcomer.wallet('solana').address as Address
    const holderAddress = holder.wallet('solana').address as Address
    const sponsorBefore = await balance(member.sponsor)
    const left = await sendsLeft(member)

    const first = await send(
      member,
      await sponsoredTransfer({
        sponsor: member.sponsor,
        from: member.from,
        to: newcomerAddress,
        amount: 10_000_000n,
      }),
    )
    expect(first.status, first.text).toBe(200)
    const { hash } = (JSON.parse(first.text) as Json).data
    await confirmed(hash)
    expect(await usdcBalance(newcomerAddress)).toBe(10_000_000n)
    expect(await balance(member.from)).toBe(0n)
    expect(await balance(member.sponsor)).toBe(sponsorBefore - sponsoredFee - rent)

    const second = await send(
      member,
      await sponsoredTransfer({
        sponsor: member.sponsor,
        from: member.from,
        to: holderAddress,
        amount: 5_000_000n,
      }),
    )
    expect(second.status, second.text).toBe(200)
    await confirmed((JSON.parse(second.text) as Json).data.hash)
    expect(await usdcBalance(holderAddress)).toBe(6_000_000n)
    expect(await usdcBalance(member.from)).toBe(35_000_000n)
    expect(await balance(member.from)).toBe(0n)
    expect(await balance(member.sponsor)).toBe(sponsorBefore - 2n * sponsoredFee - rent)
    expect(await sendsLeft(member)).toBe(left - 2)

    // Listed like any send, to its recipient, its fee payer on the record.
    const listed = JSON.parse(
      (await member.caller.api.get(`/api/v1/wallets/${member.wallet.id}/sends`)).text,
    ) as Json
    expect(listed.data.find((each: Json) => each.hash === hash)).toMatchObject({
      to: newcomerAddress,
      token: { symbol: 'USDC', to: newcomerAddress, amount: '10000000' },
    })
    const { db } = await sharedTestDatabase()
    const [row] = await db.select().from(sends).where(eq(sends.hash, hash))
    expect(row?.feePayer).toBe(member.sponsor)
  })

  it('weighs a sponsored send as a plain one: a new device’s large USDC send waits, then goes out paid by the sponsor', async () => {
    const member = await payingMember('150')
    const to = await recipient()
    const device = new WalletCaller(new ApiClient(server.url))
    expect((await device.signIn('phone', member.phone)).status).toBe(200)
    const left = await sendsLeft(member)
    const key = randomUUID()
    const wire = await sponsoredTransfer({
      sponsor: member.sponsor,
      from: member.from,
      to,
      amount: 120_000_000n,
    })
    const held = await send({ ...member, caller: device }, wire, { key })
    expect(held.status, held.text).toBe(403)
    expect(JSON.parse(held.text)).toMatchObject({
      code: 'action_held',
      error: expect.stringContaining('(100 USDC, 1 SOL)'),
    })
    // Nothing signed, and the sponsor's place given back while it waits.
    expect(await usdcBalance(to)).toBe(0n)
    expect(await sendsLeft(member)).toBe(left)

    // When the hold ends it goes out with a fresh blockhash, the sponsor reserving and signing then.
    const sponsorBefore = await balance(member.sponsor)
    expect((await sweepHeldSends(server, 1.1)).sent).toBe(1)
    await expect.poll(() => usdcBalance(to), { timeout: 10_000 }).toBe(120_000_000n)
    expect(await balance(member.from)).toBe(0n)
    expect(await balance(member.sponsor)).toBe(sponsorBefore - sponsoredFee - rent)
    expect(await sendsLeft(member)).toBe(left - 1)
    // Its key answers the signature it went out with: the sponsor's, the transaction's.
    const replay = await send({ ...member, caller: device }, wire, { key })
    expect(replay.status, replay.text).toBe(200)
    await confirmed((JSON.parse(replay.text) as Json).data.hash)
  })

  it('answers a replay under the same key with the same signature, sent and counted once', async () => {
    const member = await payingMember('5')
    const to = await recipient()
    const wire = await sponsoredTransfer({
      sponsor: member.sponsor,
      from: member.from,
      to,
      amount: 1_000_000n,
    })
    const key = randomUUID()
    const left = await sendsLeft(member)
    const first = await send(member, wire, { key })
    expect(first.status, first.text).toBe(200)
    const again = await send(member, wire, { key })
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text))
    await confirmed((JSON.parse(first.text) as Json).data.hash)
    expect(await usdcBalance(to)).toBe(1_000_000n)
    expect(await sendsLeft(member)).toBe(left - 1)
  })

  it('refuses every transaction that would make the sponsor pay for more than the transfer, before anything is signed', async () => {
    const member = await payingMember('5')
    const to = await recipient()
    const sponsorSigner = createNoopSigner(member.sponsor)
    const transfer = (extra: Instruction[] = []) =>
      sponsoredTransfer({ sponsor: member.sponsor, from: member.from, to, amount: 1_000_000n }, extra)
    const memberUsdc = await ataOf(member.from)
    const cases: [string, string, RegExp][] = [
      [
        'a System transfer from the sponsor to the member',
        await transfer([
          getTransferSolInstruction({
            source: sponsorSigner,
            destination: member.from,
            amount: 100_000_000n,
          }),
        ]),
        /it has 3 instructions/,
      ],
      [
        'a second instruction draining the sponsor',
        await sponsoredTransfer(
          { sponsor: member.sponsor, from: member.from, to, amount: 1_000_000n, create: false },
          [
            getTransferSolInstruction({
              source: sponsorSigner,
              destination: member.from,
              amount: 100_000_000n,
            }),
          ],
        ),
        /its first instruction calls the SPL Token program/,
      ],
      [
        'the sponsor as the authority of a transfer',
        wireOf(member.sponsor, [
          getTransferCheckedInstruction({
            source: memberUsdc,
            mint: usdcMint,
            destination: await ataOf(to),
            authority: sponsorSigner,
            amount: 1n,
            decimals: 6,
          }),
        ]),
        /its signers must be the sponsor .+ then this wallet/,
      ],
      [
        "a close of the member's USDC account, its rent to the member",
        wireOf(member.sponsor, [
          getCloseAccountInstruction({
            account: memberUsdc,
            destination: member.from,
            owner: createNoopSigner(member.from),
          }),
        ]),
        /its SPL Token instruction is CloseAccount, not TransferChecked/,
      ],
      [
        'a priority fee',
        await sponsoredTransfer(
          { sponsor: member.sponsor, from: member.from, to, amount: 1_000_000n, create: false },
          [
            {
              programAddress: 'ComputeBudget111111111111111111111111111111' as Address,
              data: new Uint8Array([3, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]),
            },
          ],
        ),
        /its first instruction calls the SPL Token program/,
      ],
      [
        'the member as fee payer with sponsor: true',
        await sponsoredTransfer({ sponsor: member.from, from: member.from, to, amount: 1_000_000n }),
        new RegExp(`names Charter's fee payer, ${member.sponsor}, as its fee payer`),
      ],
    ]
    const sponsorBefore = await balance(member.sponsor)
    const left = await sendsLeft(member)
    for (const [what, wire, why] of cases) {
      const answer = await send(member, wire)
      expect(answer.status, what).toBe(400)
      expect(JSON.parse(answer.text), what).toMatchObject({ code: -32602, error: expect.stringMatching(why) })
    }
    expect(await balance(member.sponsor)).toBe(sponsorBefore)
    expect(await usdcBalance(member.from)).toBe(5_000_000n)
    expect(await sendsLeft(member)).toBe(left)
    const listed = JSON.parse(
      (await member.caller.api.get(`/api/v1/wallets/${member.wallet.id}/sends`)).text,
    ) as Json
    expect(listed.data).toEqual([])
  })

  it('answers 429 in plain words once the member’s allowance is spent, under concurrent requests too', async () => {
    const member = await payingMember('20')
    const left = await sendsLeft(member)
    const to = (await fundedMember(server.url, [{ chainId: 'devnet', asset: 'USDC', amount: '1' }])).wallet(
      'solana',
    ).address as Address
    // Twenty requests at once, more than the allowance has places; amounts differ so each is its own transaction.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) =>
        send(
          member,
          await sponsoredTransfer({
            sponsor: member.sponsor,
            from: member.from,
            to,
            amount: BigInt(10_000 + index),
            create: false,
          }),
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(left)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - left)
    const refusal = answers.find((answer) => answer.status === 429)
    expect(JSON.parse(refusal?.text ?? '{}')).toMatchObject({
      error: expect.stringMatching(
        /^(Charter has paid the network fee of your last|Too many sponsored sends)/,
      ),
    })
    await Promise.all(
      answers
        .filter((answer) => answer.status === 200)
        .map((answer) => confirmed((JSON.parse(answer.text) as Json).data.hash)),
    )
    expect(await sendsLeft(member)).toBe(0)
  })
})

describe('sponsor: true where the recipient’s account exists but the transaction may create it', () => {
  it('reserves the rent every time and counts it as fee spent: a few such sends reach the day’s fee and get 429', async () => {
    const member = await fundedMember(server.url, [{ chainId: 'devnet', asset: 'USDC', amount: '5' }])
    const wallet = member.wallet('solana')
    const from = wallet.address as Address
    const sponsor = server.parts.sponsor.address('solana') as Address
    const to = (await fundedMember(server.url, [{ chainId: 'devnet', asset: 'USDC', amount: '1' }])).wallet(
      'solana',
    ).address as Address
    const send = async (amount: bigint) =>
      member.caller.post(
        `/api/v1/wallets/${wallet.id}/rpc`,
        {
          method: 'signAndSendTransaction',
          caip2,
          sponsor: true,
          params: {
            transaction: await sponsoredTransfer({ sponsor, from, to, amount }),
            encoding: 'base64',
          },
        },
        { headers: { 'privy-idempotency-key': randomUUID() } },
      )
    const { db } = await sharedTestDatabase()
    const [row] = await db.select().from(wallets).where(eq(wallets.id, wallet.id))
    const reserved = async () =>
      (
        await db
          .select()
          .from(sponsorReservations)
          .where(
            and(eq(sponsorReservations.userId, row?.userId ?? ''), isNull(sponsorReservations.releasedAt)),
          )
      ).map((each) => BigInt(each.maxFee))

    // The day's fee for one member on this chain (SPONSOR_FEE_PER_DAY_SOL's default, 0.01 SOL) holds four sends
    // that may create an account, though the allowance has five places: counted at the fee alone, all five went out.
    const cap = 10_000_000n
    const fits = Number(cap / (sponsoredFee + rent))
    expect(fits).toBe(4)
    for (let index = 0; index < fits; index += 1) {
      const answer = await send(BigInt(10_000 + index))
      expect(answer.status, answer.text).toBe(200)
      await confirmed((JSON.parse(answer.text) as Json).data.hash)
    }
    expect(await reserved()).toEqual(Array.from({ length: fits }, () => sponsoredFee + rent))
    expect(await usdcBalance(to)).toBe(1_000_000n + 40_006n)

    const refused = await send(20_000n)
    expect(refused.status, refused.text).toBe(429)
    expect(JSON.parse(refused.text)).toMatchObject({
      error: expect.stringMatching(
        /^Charter has paid as much in network fees for your sends on this chain today as it can; the next can be sponsored /,
      ),
    })
    expect(await reserved()).toHaveLength(fits)
  })
})

describe('sponsor: true where the sponsor pays only for members of an organisation', () => {
  it('refuses a member of none in plain words, before anything is reserved or signed', async () => {
    const organizations = await startTestServer({
      env: { LOCAL_CHAINS: 'on', SPONSOR_FEES: 'organizations' },
    })
    try {
      const member = await fundedMember(organizations.url, [
        { chainId: 'devnet', asset: 'USDC', amount: '5' },
      ])
      const wallet = member.wallet('solana')
      const sponsor = organizations.parts.sponsor.address('solana') as Address
      const answer = await member.caller.post(
        `/api/v1/wallets/${wallet.id}/rpc`,
        {
          method: 'signAndSendTransaction',
          caip2,
          sponsor: true,
          params: {
            transaction: await sponsoredTransfer({
              sponsor,
              from: wallet.address as Address,
              to: await recipient(),
              amount: 1_000_000n,
            }),
            encoding: 'base64',
          },
        },
        { headers: { 'privy-idempotency-key': randomUUID() } },
      )
      expect(answer.status, answer.text).toBe(400)
      expect(JSON.parse(answer.text)).toMatchObject({
        code: -32602,
        error: expect.stringMatching(/^Charter does not pay network fees for this account\./),
      })
      const { db } = await sharedTestDatabase()
      expect(await db.select().from(sends).where(eq(sends.walletId, wallet.id))).toEqual([])
    } finally {
      await organizations.close()
    }
  })
})
