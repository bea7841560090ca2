import { randomUUID } from 'node:crypto'
import { permit2Address, solanaClusters } from '@charter/core'
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
  getBurnCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { eq } from 'drizzle-orm'
import { encodeFunctionData, erc20Abi, type Hex, parseAbi, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { budgetReservations, sessionOrigins } from '../db/schema.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { tokenBalance } from '../testing/proxiedRpc.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { sweepHeldSends } from '../testing/sweepHeldSends.ts'
import { type MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'

// A SIM swap, replayed over HTTP against the running server on its embedded defaults (local Base Sepolia and
// Solana devnet): the thief holds the member's phone and signs in on a device of their own, a session within
// NEW_DEVICE_HOLD_HOURS. Each move below went through on the server before the policy engine; here each is held
// (or refused), and the member's own device still sends at once.

const chainId = 84532
const caip2 = `eip155:${chainId}`
const devnet = solanaClusters.devnet.caip2

let server: TestServer
let member: Awaited<ReturnType<typeof fundedMember>>
let evm: MemberWallet
let sol: MemberWallet
let usdc: Hex

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on', NEW_DEVICE_HOLD_HOURS: '24' } })
  member = await fundedMember(server.url, [
    { chainId, asset: 'native', amount: '1' },
    { chainId, asset: 'USDC', amount: '1000' },
    { chainId: 'devnet', asset: 'native', amount: '5' },
    { chainId: 'devnet', asset: 'USDC', amount: '1000' },
  ])
  evm = member.wallet('ethereum')
  sol = member.wallet('solana')
  const chains = (await member.api.get('/api/v1/chains')).body as Json
  usdc = chains.chains.find((chain: Json) => chain.id === chainId).usdc.address
}, 120_000)

afterAll(() => server?.close())

// Each test starts with the member's new-device budget unused, as if a day had passed since the test before.
beforeEach(async () => {
  const { db } = await sharedTestDatabase()
  await db.delete(budgetReservations)
})

/** The thief's device: the member's phone, a device key of its own, a session within its hold. */
async function thief() {
  const device = new WalletCaller(new ApiClient(server.url))
  const signedIn = await device.signIn('phone', member.address)
  expect(signedIn.status, signedIn.text).toBe(200)
  return device
}

const recipient = () => privateKeyToAccount(generatePrivateKey()).address
const usdcTransfer = (to: string, amount: string) => ({
  to: usdc,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, parseUnits(amount, 6)],
  }),
})
const send = (
  caller: WalletCaller,
  transaction: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  caller.post(
    `/api/v1/wallets/${evm.id}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction, ...extra } },
    { headers: { 'privy-idempotency-key': randomUUID() } },
  )
const solana = (
  caller: WalletCaller,
  method: 'signTransaction' | 'signAndSendTransaction',
  transaction: string,
) =>
  caller.post(
    `/api/v1/wallets/${sol.id}/rpc`,
    { method, caip2: devnet, params: { transaction, encoding: 'base64' } },
    { headers: { 'privy-idempotency-key': randomUUID() } },
  )

const usdcBalance = (address: string) => tokenBalance(member.api, chainId, usdc, address)

/** A Solana transaction the member's wallet pays for, its blockhash left for the server to fill. */
const solanaTransaction = (instructions: Instruction[]) =>
  getBase64EncodedWireTransaction(
    compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayer(sol.address as Address, message),
        (message) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
            message,
          ),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    ),
  )
const transferSol = async (lamports: bigint) =>
  getTransferSolInstruction({
    source: createNoopSigner(sol.address as Address),
    destination: (await generateKeyPairSigner()).address,
    amount: lamports,
  })

/** 403 `action_held`: recorded, told, cancellable; nothing signed. */
function expectHeld(answer: { status: number; text: string }, why?: RegExp) {
  expect(answer.status, answer.text).toBe(403)
  const body = JSON.parse(answer.text) as Json
  expect(body).toMatchObject({ code: 'action_held', held_action: { id: expect.any(String) } })
  if (why) expect(body.error).toMatch(why)
  return body.held_action as { id: string; opens_at: number }
}

describe('the phone number alone moves no money', () => {
  it('the budget is a total: six sends of 99 USDC at once from a new device move 99, and the rest wait', async () => {
    const device = await thief()
    const before = await usdcBalance(evm.address)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(device, usdcTransfer(recipient(), '99'))),
    )
    const sent = answers.filter((answer) => answer.status === 200)
    expect(sent).toHaveLength(1)
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expectHeld(answer, /moves 99 USDC \(fees included\), with the 99 USDC your new devices moved already/)
    }
    await expect.poll(() => usdcBalance(evm.address), { timeout: 10_000 }).toBe(before - parseUnits('99', 6))
    // A second new device shares the same budget: the thief cannot sign in twice to double it.
    const second = await thief()
    expectHeld(await send(second, usdcTransfer(recipient(), '2')), /with the 99 USDC/)
    // The member's own device still sends at once, and its activity line says why it could.
    const own = await send(member.caller, usdcTransfer(recipient(), '250'))
    expect(own.status, own.text).toBe(200)
    const activity = ((await member.api.get('/api/v1/wallets/activity')).body as Json).activity as Json[]
    expect(activity[0]).toMatchObject({ method: 'eth_sendTransaction', decision: 'a trusted device' })
    expect(activity.find((line) => line.summary.startsWith('Sent 99 USDC'))?.decision).toBe(
      'within the new-device budget',
    )
  })

  it('fees count: a send whose fee takes it past the budget waits, and so does any fee above the cap', async () => {
    const device = await thief()
    const gwei = 10n ** 9n
    // 0.045 ETH, and 21,000 gas at 400 gwei: a fee of 0.0084 ETH (under the server's cap) takes it past 0.05 ETH.
    expectHeld(
      await send(device, {
        to: recipient(),
        value: parseEther('0.045').toString(),
        gas_limit: '21000',
        max_fee_per_gas: String(400n * gwei),
        max_priority_fee_per_gas: '1',
      }),
      /moves 0\.0534 ETH \(fees included\)/,
    )
    // allow_high_fee is a fee above the server's cap: from a new device it waits whatever it is.
    expectHeld(
      await send(
        device,
        {
          to: recipient(),
          value: '0',
          gas_limit: '21000',
          max_fee_per_gas: String(1000n * gwei),
          max_priority_fee_per_gas: '1',
        },
        { allow_high_fee: true },
      ),
      /cannot be weighed \(a maximum fee of 0\.021 ETH, above this server's cap\)/,
    )
  })

  it('what cannot be weighed waits: Permit2, unlisted chains, chain id 0, a Solana burn', async () => {
    const device = await thief()
    const permit2Approve = encodeFunctionData({
      abi: parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)']),
      args: [usdc, recipient(), 2n ** 160n - 1n, 2 ** 47],
    })
    expectHeld(await send(device, { to: permit2Address, data: permit2Approve }), /a Permit2 call/)
    const signed = (transaction: Record<string, unknown>) =>
      device.rpc(evm.id, 'eth_signTransaction', {
        transaction: { nonce: 0, gas_limit: 100_000, gas_price: 1, type: 0, ...transaction },
      })
    expectHeld(
      await signed({ chain_id: 56, ...usdcTransfer(recipient(), '1') }),
      /chain 56, which this server does not offer/,
    )
    expectHeld(await signed({ chain_id: 0, to: recipient(), value: '1' }), /without a chain id/)

    const chains = (await member.api.get('/api/v1/chains')).body as Json
    const mint = chains.chains.find((chain: Json) => chain.id === 'devnet').usdc.address as Address
    const [usdcAccount] = await findAssociatedTokenPda({
      owner: sol.address as Address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const burn = solanaTransaction([
      getBurnCheckedInstruction({
        account: usdcAccount,
        mint,
        authority: createNoopSigner(sol.address as Address),
        amount: parseUnits('1000', 6),
        decimals: 6,
      }),
    ])
    expectHeld(await solana(device, 'signAndSendTransaction', burn), /burns tokens/)
    expectHeld(await solana(device, 'signTransaction', burn), /burns tokens/)
  })

  it('Solana signTransaction asks the policy: a small transfer is signed and counted, a large one waits', async () => {
    const device = await thief()
    const small = await solana(
      device,
      'signTransaction',
      solanaTransaction([await transferSol(600_000_000n)]),
    )
    expect(small.status, small.text).toBe(200)
    // 0.6 SOL and its fee were counted as sent: 0.5 SOL more is past the 1 SOL budget.
    expectHeld(
      await solana(device, 'signTransaction', solanaTransaction([await transferSol(500_000_000n)])),
      /with the 0\.600005 SOL your new devices moved already/,
    )
    // The member's own device signs any amount.
    const own = await solana(
      member.caller,
      'signTransaction',
      solanaTransaction([await transferSol(4n * 10n ** 9n)]),
    )
    expect(own.status, own.text).toBe(200)
  })

  it('cancelled by the link in its notice, a send never goes, and the device that asked moves no money again', async () => {
    const device = await thief()
    const held = expectHeld(await send(device, { to: recipient(), value: parseEther('0.2').toString() }))
    const notice = (await member.api.outbox(member.address))[0]?.body ?? ''
    const path = /\/held\/[0-9a-f]{64}/.exec(notice)?.[0]
    if (!path) throw new Error(`no cancel link in ${notice}`)
    // No session: the link alone, as the member opens it from the message.
    expect((await new ApiClient(server.url).post(path)).status).toBe(200)
    const seen = ((await member.api.get('/api/v1/held_actions')).body as Json).held_actions as Json[]
    expect(seen.find((action) => action.id === held.id)?.status).toBe('cancelled')
    const after = await send(device, { to: recipient(), value: '1' })
    expect(after.status, after.text).toBe(403)
    expect(JSON.parse(after.text)).toMatchObject({
      code: 4100,
      error: expect.stringMatching(/^Another of your devices cancelled a request this device made/),
    })
  })

  it('once the member cancels one request, the device’s other held sends never go, and its export waits for good', async () => {
    const device = await thief()
    const a = expectHeld(await send(device, { to: recipient(), value: parseEther('0.2').toString() }))
    const b = expectHeld(await send(device, { to: recipient(), value: parseEther('0.3').toString() }))
    expect((await member.caller.post(`/api/v1/held_actions/${a.id}/cancel`, {})).status).toBe(200)
    // A day later the sweep takes B up, and does not send it (it sends the other tests' held sends, which nobody
    // cancelled).
    await sweepHeldSends(server, 25)
    const seen = ((await member.api.get('/api/v1/held_actions')).body as Json).held_actions as Json[]
    expect(seen.find((action) => action.id === b.id)).toMatchObject({
      status: 'completed',
      hash: null,
      failure: expect.stringMatching(/^Another of your devices cancelled a request this device made/),
    })
    // Its hold over, the device still cannot export: a cancelled send marks it for every kind of request.
    const { db } = await sharedTestDatabase()
    const sessions = ((await device.api.get('/api/v1/sessions')).body as Json).sessions as Json[]
    const own = sessions.find((each) => each.current)?.id as string
    await db
      .update(sessionOrigins)
      .set({ holdEndsAt: new Date(Date.now() - 1000) })
      .where(eq(sessionOrigins.sessionId, own))
    const exported = await device.post(`/api/v1/wallets/${evm.id}/export/init`, {})
    expect(exported.status, exported.text).toBe(429)
    expect(JSON.parse(exported.text).error).toMatch(
      /^Another of your devices cancelled a request this device made/,
    )
  })

  it('typed data a contract acts on waits: a meta-transaction, a Safe transaction, an operator', async () => {
    const device = await thief()
    for (const primary_type of ['MetaTransaction', 'SafeTx', 'PermitForAll']) {
      const signed = await device.rpc(evm.id, 'eth_signTypedData_v4', {
        typed_data: {
          domain: { name: 'Any', chainId, verifyingContract: recipient() },
          types: { [primary_type]: [{ name: 'nonce', type: 'uint256' }] },
          primary_type,
          message: { nonce: '1' },
        },
      })
      expectHeld(signed, new RegExp(`cannot be weighed \\(a ${primary_type} signature for the contract 0x`))
    }
  })

  it('a send refused before it reached the chain gives its budget back', async () => {
    const device = await thief()
    const wrongNonce = await send(device, {
      to: recipient(),
      value: parseEther('0.04').toString(),
      nonce: 9999,
    })
    expect(wrongNonce.status, wrongNonce.text).toBe(400)
    const sent = await send(device, { to: recipient(), value: parseEther('0.04').toString() })
    expect(sent.status, sent.text).toBe(200)
    const budget = (await device.api.get('/api/v1/held_actions')).body as Json
    expect(budget.budget).toContainEqual(
      expect.objectContaining({ chain: String(chainId), asset: 'native', limit: '0.05', symbol: 'ETH' }),
    )
  })
})
