import { createHash, randomUUID } from 'node:crypto'
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
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import canonicalize from 'canonicalize'
import { and, eq } from 'drizzle-orm'
import { encodeFunctionData, erc20Abi, type Hex, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eip712DomainType } from '../../../../packages/core/src/__fixtures__/typedData.ts'
import { budgetReservations, idempotencyKeys } from '../db/schema.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { proxiedRpc, tokenBalance } from '../testing/proxiedRpc.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { sweepHeldSends } from '../testing/sweepHeldSends.ts'
import { type MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'

// A new device's large sends wait (docs/wallets.md, "A new device waits"), over HTTP against the local Base
// Sepolia: NEW_DEVICE_HOLD_HOURS=1, the default limits (0.05 ETH, 100 USDC). "When the hold ends" is the sweep
// run with a clock an hour and more ahead, as the server's 30-second sweep would run then.

const chainId = 84532
const caip2 = `eip155:${chainId}`

let server: TestServer
/** The device that created the account: never held. */
let own: WalletCaller
let evm: MemberWallet
let mine: Awaited<ReturnType<typeof fundedMember>>
let phone: string
let usdc: Hex

const rpc = (method: string, params: unknown[]) => proxiedRpc(own.api, chainId, method, params)
const balance = async (address: string) => BigInt(await rpc('eth_getBalance', [address, 'latest']))
/** Waits until the transaction is in a block: the devnet answers a broadcast before it has mined it. */
const mined = (hash: string) =>
  expect.poll(() => rpc('eth_getTransactionReceipt', [hash]), { timeout: 10_000 }).toBeTruthy()
const nonceOf = async (address: string) =>
  Number(BigInt(await rpc('eth_getTransactionCount', [address, 'pending'])))
const usdcBalance = (address: string) => tokenBalance(own.api, chainId, usdc, address)
const usdcTransfer = (to: string, amount: string) => ({
  to: usdc,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, parseUnits(amount, 6)],
  }),
})

const send = (caller: WalletCaller, transaction: Record<string, unknown>, key: string = randomUUID()) =>
  caller.post(
    `/api/v1/wallets/${evm.id}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction } },
    { headers: { 'privy-idempotency-key': key } },
  )

const recipient = () => privateKeyToAccount(generatePrivateKey()).address

/** Another device of the member: it signs in with the member's phone, and its hold runs for an hour. */
async function newDevice() {
  const device = new WalletCaller(new ApiClient(server.url))
  const signedIn = await device.signIn('phone', phone)
  expect(signedIn.status).toBe(200)
  return device
}

/** What the server's sweep does, with its clock `hoursAhead` hours from now. */
const sweep = (hoursAhead: number) => sweepHeldSends(server, hoursAhead)

const heldActionsOf = async (caller: WalletCaller) => {
  const answer = await caller.api.get('/api/v1/held_actions')
  expect(answer.status).toBe(200)
  return (answer.body as Json).held_actions as Json[]
}

/** A held answer: 403 `action_held`, with the held send and when it goes out. */
function expectHeld(answer: { status: number; text: string }) {
  expect(answer.status, answer.text).toBe(403)
  const body = JSON.parse(answer.text) as Json
  expect(body).toEqual({
    error: expect.stringMatching(
      /^This device signed in less than 1 hour ago, and .+, so it waits: it goes out at \d{4}-\d\d-\d\d \d\d:\d\d UTC, unless one of your other devices cancels it on its Security page\. Your sign-in addresses were told\.$/,
    ),
    code: 'action_held',
    held_action: { id: expect.any(String), opens_at: expect.any(Number) },
  })
  const inAnHour = Date.now() / 1000 + 3600
  expect(Math.abs(body.held_action.opens_at - inAnHour)).toBeLessThan(120)
  return body.held_action as { id: string; opens_at: number }
}

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on', NEW_DEVICE_HOLD_HOURS: '1' } })
  const member = await fundedMember(server.url, [
    { chainId, asset: 'native', amount: '5' },
    { chainId, asset: 'USDC', amount: '1000' },
  ])
  mine = member
  own = member.caller
  evm = member.wallet('ethereum')
  phone = member.address
  const chains = JSON.parse((await own.api.get('/api/v1/chains')).text) as Json
  usdc = chains.chains.find((chain: Json) => chain.id === chainId).usdc.address
}, 120_000)

afterAll(() => server?.close())

// Each test starts with the member's new-device budget unused, as if the hold's length had passed since the
// sends of the test before.
beforeEach(async () => {
  const { db } = await sharedTestDatabase()
  await db.delete(budgetReservations)
})

describe('a new device’s large sends wait', () => {
  it('GET /chains tells each chain’s limits, in whole coins', async () => {
    const chains = (JSON.parse((await new ApiClient(server.url).get('/api/v1/chains')).text) as Json).chains
    const byId = (id: number | string) => chains.find((chain: Json) => chain.id === id)
    expect(byId(84532).new_device_send_limit).toEqual({ native: '0.05', usdc: '100' })
    expect(byId(421614).new_device_send_limit).toEqual({ native: '0.05', usdc: '100' })
    expect(byId('devnet').new_device_send_limit).toEqual({ native: '1', usdc: '100' })
  })

  it('the session that created the account sends a large amount at once', async () => {
    const to = recipient()
    const answer = await send(own, { to, value: parseEther('0.2').toString() })
    expect(answer.status, answer.text).toBe(200)
    expect(JSON.parse(answer.text).data.hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('a new device sends small amounts at once, and a large native send waits: nothing signed, the member told', async () => {
    const device = await newDevice()
    const small = recipient()
    // 0.04 ETH and its fee fit within the 0.05 ETH budget; 100 USDC is the USDC budget, whole.
    const native = await send(device, { to: small, value: parseEther('0.04').toString() })
    expect(native.status, native.text).toBe(200)
    const token = await send(device, usdcTransfer(small, '100'))
    expect(token.status, token.text).toBe(200)
    // Both in a block before the balance is read (the second's nonce comes after the first's).
    await mined(JSON.parse(token.text).data.hash)

    const to = recipient()
    const nonce = await nonceOf(evm.address)
    const before = await balance(evm.address)
    const told = (await own.api.outbox(phone)).length
    const key = randomUUID()
    const held = expectHeld(await send(device, { to, value: parseEther('0.2').toString() }, key))
    expect(await nonceOf(evm.address)).toBe(nonce)
    expect(await balance(evm.address)).toBe(before)
    expect(await balance(to)).toBe(0n)
    const notices = await own.api.outbox(phone)
    expect(notices).toHaveLength(told + 1)
    expect(notices[0]?.body).toContain(`asked to send 0.2 ETH to ${to} on Base Sepolia. It will go out at`)
    // The same request again answers the same held send, and tells nobody twice.
    expect(expectHeld(await send(device, { to, value: parseEther('0.2').toString() }, key)).id).toBe(held.id)
    expect(await own.api.outbox(phone)).toHaveLength(told + 1)
    // Another send under that key (here from another session of the member) is refused, not taken for it.
    const other = await send(own, { to, value: parseEther('0.3').toString() }, key)
    expect(other.status, other.text).toBe(409)
    expect(JSON.parse(other.text).error).toBe('This idempotency key was already used for a different send.')

    // The older device sees it, in words, and may cancel it.
    const seen = (await heldActionsOf(own)).find((action) => action.id === held.id)
    expect(seen).toMatchObject({
      kind: 'send',
      summary: `Send 0.2 ETH to ${to} on Base Sepolia`,
      status: 'held',
      opens_at: held.opens_at,
      wallet_id: evm.id,
      can_cancel: true,
      this_device: false,
      hash: null,
    })
    const cancelled = await own.post(`/api/v1/held_actions/${held.id}/cancel`, {})
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'cancelled', kind: 'send' })

    // Its hour passes: it never goes out, and its key answers that it was cancelled.
    await sweep(2)
    expect(await balance(to)).toBe(0n)
    expect(await nonceOf(evm.address)).toBe(nonce)
    const again = await send(device, { to, value: parseEther('0.2').toString() }, key)
    expect(again.status, again.text).toBe(409)
    expect(JSON.parse(again.text).error).toMatch(/^This send was cancelled from one of your devices/)
  })

  it('a large USDC send waits, goes out when the hold ends, and its key then answers its hash', async () => {
    const device = await newDevice()
    const to = recipient()
    const nonce = await nonceOf(evm.address)
    const before = await usdcBalance(evm.address)
    const key = randomUUID()
    const held = expectHeld(await send(device, usdcTransfer(to, '250'), key))
    expect(await usdcBalance(evm.address)).toBe(before)
    expect(await nonceOf(evm.address)).toBe(nonce)
    expect((await own.api.outbox(phone))[0]?.body).toContain(
      `asked to send 250 USDC to ${to} on Base Sepolia`,
    )
    const mine = (await heldActionsOf(device)).find((action) => action.id === held.id)
    expect(mine).toMatchObject({ this_device: true, summary: `Send 250 USDC to ${to} on Base Sepolia` })

    // Before its time the sweep leaves it; after, it goes out once, however many sweeps run at once.
    expect(await sweep(0)).toEqual({ sent: 0, failed: 0 })
    const outcomes = await Promise.all([sweep(1.1), sweep(1.1)])
    expect(outcomes.map((each) => each.sent).sort()).toEqual([0, 1])
    const gone = (await heldActionsOf(own)).find((action) => action.id === held.id)
    expect(gone).toMatchObject({ status: 'completed', can_cancel: false, failure: null })
    expect(gone.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await nonceOf(evm.address)).toBe(nonce + 1)

    const replay = await send(device, usdcTransfer(to, '250'), key)
    expect(replay.status, replay.text).toBe(200)
    expect(JSON.parse(replay.text).data).toEqual({ caip2, hash: gone.hash })
    const receipt = await rpc('eth_getTransactionReceipt', [gone.hash])
    expect(receipt?.status).toBe('0x1')
    expect(await usdcBalance(to)).toBe(parseUnits('250', 6))
    expect(await usdcBalance(evm.address)).toBe(before - parseUnits('250', 6))
    const activity = await own.api.get('/api/v1/wallets/activity')
    const line = (activity.body as Json).activity.find(
      (entry: Json) => entry.summary === `Sent 250 USDC to ${to} on Base Sepolia`,
    )
    // The line of a send that went out after its wait carries its send, as any send's line does.
    expect(line?.send).toMatchObject({
      hash: gone.hash,
      status: expect.stringMatching(/^(pending|confirmed)$/),
    })
    // Too late to cancel what went out.
    const late = await own.post(`/api/v1/held_actions/${held.id}/cancel`, {})
    expect(late.status).toBe(400)
  })

  it('a new device’s large SOL send waits too, and goes out with a fresh blockhash when the hold ends', async () => {
    const sol = mine.wallet('solana')
    const funded = await own.api.post('/api/dev/faucet', {
      address: sol.address,
      chainId: 'devnet',
      asset: 'native',
      amount: '3',
    })
    expect(funded.status, funded.text).toBe(200)
    const solRpc = async (method: string, params: unknown[]) =>
      (
        JSON.parse(
          (await own.api.post('/api/v1/rpc/devnet', { jsonrpc: '2.0', id: 1, method, params })).text,
        ) as Json
      ).result
    const lamports = async (address: string) => BigInt((await solRpc('getBalance', [address])).value)
    const to = (await generateKeyPairSigner()).address
    // Built as a client builds it, the blockhash left for the server to fill (32 zero bytes).
    const transfer = (amount: bigint) => ({
      transaction: getBase64EncodedWireTransaction(
        compileTransaction(
          pipe(
            createTransactionMessage({ version: 0 }),
            (message) => setTransactionMessageFeePayer(sol.address as Address, message),
            (message) =>
              setTransactionMessageLifetimeUsingBlockhash(
                { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
                message,
              ),
            (message) =>
              appendTransactionMessageInstructions(
                [
                  getTransferSolInstruction({
                    source: createNoopSigner(sol.address as Address),
                    destination: to,
                    amount,
                  }),
                ],
                message,
              ),
          ),
        ),
      ),
      encoding: 'base64',
    })
    const sendSol = (caller: WalletCaller, amount: bigint, key: string = randomUUID()) =>
      caller.post(
        `/api/v1/wallets/${sol.id}/rpc`,
        { method: 'signAndSendTransaction', caip2: solanaClusters.devnet.caip2, params: transfer(amount) },
        { headers: { 'privy-idempotency-key': key } },
      )
    const device = await newDevice()

    // Under the 1 SOL limit: at once.
    const small = await sendSol(device, 500_000_000n)
    expect(small.status, small.text).toBe(200)
    expect(await lamports(to)).toBe(500_000_000n)

    // Above it: held, nothing signed, the member told.
    const key = randomUUID()
    const answer = await sendSol(device, 2_000_000_000n, key)
    expect(answer.status, answer.text).toBe(403)
    const body = JSON.parse(answer.text) as Json
    expect(body).toMatchObject({ code: 'action_held', held_action: { id: expect.any(String) } })
    expect(body.error).toContain('(100 USDC, 1 SOL)')
    expect(await lamports(to)).toBe(500_000_000n)
    expect((await own.api.outbox(phone))[0]?.body).toContain(`asked to send 2 SOL to ${to} on Solana Devnet`)

    // When the hold ends it goes out, its expired blockhash long replaced, and the key answers its signature.
    expect((await sweep(1.1)).sent).toBe(1)
    expect(await lamports(to)).toBe(2_500_000_000n)
    const gone = (await heldActionsOf(own)).find((action) => action.id === body.held_action.id)
    expect(gone).toMatchObject({ status: 'completed', failure: null })
    const replay = await sendSol(device, 2_000_000_000n, key)
    expect(replay.status, replay.text).toBe(200)
    expect(JSON.parse(replay.text).data).toEqual({ caip2: solanaClusters.devnet.caip2, hash: gone.hash })
  })

  it('a new device cannot get round the wait: a large signed transaction, authorisation or any allowance waits', async () => {
    const device = await newDevice()
    const sign = (transaction: Record<string, unknown>) =>
      device.rpc(evm.id, 'eth_signTransaction', {
        transaction: { chain_id: chainId, nonce: 0, gas_limit: 100_000, max_fee_per_gas: 1, ...transaction },
      })
    // Signed bytes count as sent the moment they are signed: 0.04 ETH and its fee fit the budget.
    const small = await sign({ to: recipient(), value: parseEther('0.04').toString() })
    expect(small.status, small.text).toBe(200)
    /** A held signature: 403 `action_held`, which this device may sign once its hour has passed. */
    const heldSignature = (answer: { status: number; text: string }, why: RegExp) => {
      expect(answer.status, answer.text).toBe(403)
      const body = JSON.parse(answer.text) as Json
      expect(body).toEqual({
        code: 'action_held',
        held_action: { id: expect.any(String), opens_at: expect.any(Number) },
        error: expect.stringMatching(
          /^This device signed in less than 1 hour ago, and .+, so it waits: this device can sign it at \d{4}-\d\d-\d\d \d\d:\d\d UTC, unless one of your other devices cancels it on its Security page\. Your sign-in addresses were told\.$/,
        ),
      })
      expect(body.error).toMatch(why)
      return body.held_action as { id: string }
    }
    for (const [transaction, why] of [
      // With the 0.04 ETH already signed, 0.02 more is past the budget: the budget is a total, not a limit per request.
      [
        { to: recipient(), value: parseEther('0.02').toString() },
        /with the 0\.0400000000001 ETH your new devices moved already/,
      ],
      [usdcTransfer(recipient(), '101'), /moves 101 USDC \(fees included\)/],
      // Ethereum mainnet: a chain this server does not offer is still a chain the bytes could be sent to.
      [
        { to: recipient(), value: '1', chain_id: 1 },
        /cannot be weighed \(a transaction on chain 1, which this server does not offer\)/,
      ],
      // Chain id 0: a legacy signature any chain would take.
      [
        { to: recipient(), value: '1', chain_id: 0, gas_price: 1, max_fee_per_gas: undefined, type: 0 },
        /without a chain id/,
      ],
    ] as const) {
      heldSignature(await sign(transaction), why)
    }
    // A USDC transfer authorisation (EIP-3009) is money whoever holds it moves at once: it counts against the budget.
    const authorisation = (value: string) =>
      device.rpc(evm.id, 'eth_signTypedData_v4', {
        typed_data: {
          domain: { name: 'USDC', version: '2', chainId, verifyingContract: usdc },
          types: {
            EIP712Domain: eip712DomainType,
            TransferWithAuthorization: [
              { name: 'from', type: 'address' },
              { name: 'to', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'validAfter', type: 'uint256' },
              { name: 'validBefore', type: 'uint256' },
              { name: 'nonce', type: 'bytes32' },
            ],
          },
          primary_type: 'TransferWithAuthorization',
          message: {
            from: evm.address,
            to: recipient(),
            value,
            validAfter: '0',
            validBefore: '99999999999',
            nonce: `0x${'11'.repeat(32)}`,
          },
        },
      })
    expect((await authorisation(parseUnits('60', 6).toString())).status).toBe(200)
    heldSignature(
      await authorisation(parseUnits('60', 6).toString()),
      /with the 60 USDC your new devices moved already/,
    )
    // An allowance of any amount cannot be weighed: it waits, however small.
    const approve = (amount: string) => ({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [recipient(), parseUnits(amount, 6)],
      }),
    })
    const held = expectHeld(await send(device, approve('1')))
    expect(JSON.parse((await send(device, approve('1'))).text).error).toMatch(
      /cannot be weighed \(an allowance of 1 USDC for 0x/,
    )
    // Taking an allowance back is safe: at once.
    expect((await send(device, approve('0'))).status).toBe(200)
    // The held signature shows on the older device, which cancels it; then this device moves no money at all.
    const signatures = (await heldActionsOf(own)).filter(
      (action) => action.kind === 'signature' && action.status === 'held',
    )
    expect(signatures.length).toBeGreaterThanOrEqual(5)
    expect((await own.post(`/api/v1/held_actions/${held.id}/cancel`, {})).status).toBe(200)
    const after = await send(device, { to: recipient(), value: '1' })
    expect(after.status, after.text).toBe(403)
    expect(JSON.parse(after.text)).toMatchObject({
      code: 4100,
      error: expect.stringMatching(/^Another of your devices cancelled a request this device made/),
    })
    // A message moves nothing: still signed.
    expect((await device.rpc(evm.id, 'personal_sign', { message: 'hi', encoding: 'utf-8' })).status).toBe(200)
  })

  it('a held send whose device was signed out never goes out', async () => {
    const device = await newDevice()
    const to = recipient()
    const held = expectHeld(await send(device, { to, value: parseEther('0.1').toString() }))
    expect((await device.api.post('/api/v1/sessions/logout', {})).status).toBeLessThan(300)
    await sweep(1.1)
    expect(await balance(to)).toBe(0n)
    const ended = (await heldActionsOf(own)).find((action) => action.id === held.id)
    expect(ended).toMatchObject({
      status: 'completed',
      hash: null,
      failure: 'The device that asked for it was signed out before its wait ended.',
    })
    expect((await own.api.outbox(phone))[0]?.body).toContain('did not go out')
  })

  it('a stolen cookie without the device key neither sends nor cancels', async () => {
    const device = await newDevice()
    const held = expectHeld(await send(device, { to: recipient(), value: parseEther('0.3').toString() }))
    const thief = new ApiClient(server.url)
    thief.cookie = device.api.cookie
    const nonce = await nonceOf(evm.address)
    const unsigned = await thief.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'eth_sendTransaction', caip2, params: { transaction: { to: recipient(), value: '1' } } },
      { 'privy-idempotency-key': randomUUID(), 'privy-request-expiry': String(Date.now() + 60_000) },
    )
    expect(unsigned.status).toBe(401)
    const cancel = await thief.post(`/api/v1/held_actions/${held.id}/cancel`, {})
    expect(cancel.status).toBe(401)
    // A device key of the thief's own is not the one the session was born bound to.
    const forger = new WalletCaller(thief)
    expect((await forger.post(`/api/v1/held_actions/${held.id}/cancel`, {})).status).toBe(401)
    expect((await heldActionsOf(own)).find((action) => action.id === held.id)?.status).toBe('held')
    expect(await nonceOf(evm.address)).toBe(nonce)
    // Leave nothing for the other tests' sweeps.
    expect((await own.post(`/api/v1/held_actions/${held.id}/cancel`, {})).status).toBe(200)
  })
})

describe('an idempotency key whose request was cut off', () => {
  it('is taken up again once the claim is older than any request runs, and answers the first send', async () => {
    const to = recipient()
    const key = randomUUID()
    const first = await send(own, { to, value: '1000' }, key)
    expect(first.status, first.text).toBe(200)
    const hash = JSON.parse(first.text).data.hash
    const nonce = await nonceOf(evm.address)
    // What a server killed mid-request leaves: the key claimed, pending, no answer.
    const { db } = await sharedTestDatabase()
    const claim = and(eq(idempotencyKeys.key, key))
    const crashed = async (ageMs: number) => {
      const updated = await db
        .update(idempotencyKeys)
        .set({ status: 0, body: null, createdAt: new Date(Date.now() - ageMs) })
        .where(claim)
        .returning()
      expect(updated).toHaveLength(1)
    }
    // A claim younger than the bound may still be running.
    await crashed(60_000)
    const early = await send(own, { to, value: '1000' }, key)
    expect(early.status).toBe(409)
    expect(JSON.parse(early.text).error).toMatch(
      /^A request with this idempotency key is still being handled/,
    )
    // Older: taken over, and the method answers the recorded send; nothing is sent twice.
    await crashed(6 * 60_000)
    const retried = await send(own, { to, value: '1000' }, key)
    expect(retried.status, retried.text).toBe(200)
    expect(JSON.parse(retried.text).data).toEqual({ caip2, hash })
    expect(await nonceOf(evm.address)).toBe(nonce)
    await mined(hash)
    expect(await balance(to)).toBe(1000n)
  })

  it('a request killed before it sent anything is sent once by the retry that takes the key up', async () => {
    const to = recipient()
    const key = randomUUID()
    const body = { method: 'eth_sendTransaction', caip2, params: { transaction: { to, value: '2000' } } }
    const path = `/api/v1/wallets/${evm.id}/rpc`
    // The claim a server killed at once leaves: the key, the request's digest, pending, six minutes old.
    const sessions = await own.api.get('/api/v1/sessions')
    const sessionId = (sessions.body.sessions as { id: string; current: boolean }[]).find(
      (each) => each.current,
    )?.id as string
    const { db } = await sharedTestDatabase()
    await db.insert(idempotencyKeys).values({
      sessionId,
      key,
      requestDigest: createHash('sha256')
        .update(`POST ${path}\n`)
        .update(canonicalize(body) ?? '')
        .digest('hex'),
      status: 0,
      body: null,
      createdAt: new Date(Date.now() - 6 * 60_000),
    })
    const nonce = await nonceOf(evm.address)
    const answers = await Promise.all([
      send(own, { to, value: '2000' }, key),
      send(own, { to, value: '2000' }, key),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const sent = answers.find((answer) => answer.status === 200)
    await mined(JSON.parse(sent?.text ?? '{}').data.hash)
    expect(await balance(to)).toBe(2000n)
    expect(await nonceOf(evm.address)).toBe(nonce + 1)
    const again = await send(own, { to, value: '2000' }, key)
    expect(again.status).toBe(200)
    expect(again.headers.get('privy-idempotency-replayed')).toBe('true')
    expect(await nonceOf(evm.address)).toBe(nonce + 1)
  })
})
