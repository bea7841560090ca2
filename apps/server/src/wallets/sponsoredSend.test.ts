import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sends } from '../db/schema.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { proxiedRpc, tokenBalance } from '../testing/proxiedRpc.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { sweepHeldSends } from '../testing/sweepHeldSends.ts'
import { type MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'

// Fees paid for the member (docs/wallets.md), over HTTP against the local Base Sepolia: members holding USDC and
// no ETH send it, the sponsor (embedded default: it covers every member) paying the gas. Five sponsored sends a
// day per member (SPONSOR_SENDS_PER_DAY), and a new device waits an hour above the default limits (100 USDC).

const chainId = 84532
const caip2 = `eip155:${chainId}`
const sendsPerDay = 5

let server: TestServer
let usdc: Hex
let sponsorAddress: string

type Member = Awaited<ReturnType<typeof fundedMember>> & { evm: MemberWallet }

const rpc = (api: ApiClient, method: string, params: unknown[]) => proxiedRpc(api, chainId, method, params)
const ethOf = async (api: ApiClient, address: string) =>
  BigInt(await rpc(api, 'eth_getBalance', [address, 'latest']))
const usdcOf = (api: ApiClient, address: string) => tokenBalance(api, chainId, usdc, address)
const recipient = () => privateKeyToAccount(generatePrivateKey()).address
const usdcTransfer = (to: string, amount: string) => ({
  to: usdc,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, parseUnits(amount, 6)],
  }),
})

/** A member with `usdcAmount` USDC and no ETH on the local Base Sepolia. */
async function memberWithUsdc(usdcAmount = '25'): Promise<Member> {
  const member = await fundedMember(server.url, [{ chainId, asset: 'USDC', amount: usdcAmount }])
  return { ...member, evm: member.wallet('ethereum') }
}

/** `eth_sendTransaction` as Privy's REST body has it, `sponsor: true` at the top when asked. */
const send = (
  caller: WalletCaller,
  wallet: MemberWallet,
  transaction: Record<string, unknown>,
  options: { sponsor?: boolean; key?: string } = {},
) =>
  caller.post(
    `/api/v1/wallets/${wallet.id}/rpc`,
    {
      method: 'eth_sendTransaction',
      caip2,
      chain_type: 'ethereum',
      ...(options.sponsor !== undefined && { sponsor: options.sponsor }),
      params: { transaction },
    },
    { headers: { 'privy-idempotency-key': options.key ?? randomUUID() } },
  )

const hashOf = (answer: { text: string }) => (JSON.parse(answer.text) as Json).data.hash as string

/** The send the list shows for `hash`, read until it is no longer pending. */
async function settled(caller: WalletCaller, wallet: MemberWallet, hash: string): Promise<Json> {
  let found: Json | undefined
  await expect
    .poll(
      async () => {
        const list = await caller.api.get(`/api/v1/wallets/${wallet.id}/sends?limit=100`)
        found = (JSON.parse(list.text) as Json).data.find((each: Json) => each.hash === hash)
        return found?.status
      },
      { timeout: 20_000, interval: 150 },
    )
    .not.toBe('pending')
  return found as Json
}

beforeAll(async () => {
  server = await startTestServer({
    env: { LOCAL_CHAINS: 'on', NEW_DEVICE_HOLD_HOURS: '1', SPONSOR_SENDS_PER_DAY: String(sendsPerDay) },
  })
  const anyone = await memberWithUsdc('1')
  const chains = JSON.parse((await anyone.api.get('/api/v1/chains')).text) as Json
  usdc = chains.chains.find((chain: Json) => chain.id === chainId).usdc.address
  expect(server.parts.sponsor.mode).toBe('members')
  sponsorAddress = server.parts.sponsor.address('ethereum') ?? ''
  // What the web reads: the member is covered on this chain, by the sponsor whose address pays.
  const sponsor = await anyone.api.get('/api/v1/sponsor')
  expect(sponsor.status, sponsor.text).toBe(200)
  const said = JSON.parse(sponsor.text) as Json
  expect(said).toMatchObject({
    mode: 'members',
    covered: true,
    payer: 'Charter',
    evm: { address: sponsorAddress },
  })
  expect(said.chains).toContain(String(chainId))
}, 180_000)

afterAll(() => server?.close())

describe('USDC without ETH: the sponsor pays the gas', () => {
  it('sends 10 USDC with sponsor: true: the recipient has 10 more, the member still no ETH, confirmed and in Activity; a replay answers the same hash', async () => {
    const member = await memberWithUsdc('25')
    const { api, caller, evm } = member
    expect(await ethOf(api, evm.address)).toBe(0n)
    const to = recipient()
    const key = randomUUID()
    const answer = await send(caller, evm, usdcTransfer(to, '10'), { sponsor: true, key })
    expect(answer.status, answer.text).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({
      method: 'eth_sendTransaction',
      data: { caip2, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    const hash = hashOf(answer)
    const sent = await settled(caller, evm, hash)
    expect(sent).toMatchObject({
      status: 'confirmed',
      caip2,
      to: usdc,
      value: '0',
      token: { symbol: 'USDC', to, amount: '10000000' },
    })
    const receipt = await rpc(api, 'eth_getTransactionReceipt', [hash])
    expect(receipt.from.toLowerCase()).toBe(sponsorAddress.toLowerCase())
    expect(await usdcOf(api, to)).toBe(parseUnits('10', 6))
    expect(await usdcOf(api, evm.address)).toBe(parseUnits('15', 6))
    expect(await ethOf(api, evm.address)).toBe(0n)
    const activity = JSON.parse((await api.get('/api/v1/wallets/activity')).text) as Json
    expect(JSON.stringify(activity)).toContain(
      `Sent 10 USDC to ${to} on Base Sepolia · network fee paid by Charter`,
    )

    // The same key again: the same hash, nothing sent twice.
    const replay = await send(caller, evm, usdcTransfer(to, '10'), { sponsor: true, key })
    expect(replay.status, replay.text).toBe(200)
    expect(hashOf(replay)).toBe(hash)
    expect(await usdcOf(api, to)).toBe(parseUnits('10', 6))
    // Another transaction under that key is refused.
    const other = await send(caller, evm, usdcTransfer(to, '11'), { sponsor: true, key })
    expect(other.status, other.text).toBe(409)
  })

  it('sponsors a USDC transfer without the flag when the wallet has no ETH for the gas', async () => {
    const { api, caller, evm } = await memberWithUsdc('25')
    const to = recipient()
    const answer = await send(caller, evm, usdcTransfer(to, '3'))
    expect(answer.status, answer.text).toBe(200)
    expect(await settled(caller, evm, hashOf(answer))).toMatchObject({ status: 'confirmed' })
    expect(await usdcOf(api, to)).toBe(parseUnits('3', 6))
    expect(await ethOf(api, evm.address)).toBe(0n)
  })

  it('ignores the fee fields the member sent, however absurd', async () => {
    const { api, caller, evm } = await memberWithUsdc('25')
    const to = recipient()
    const answer = await send(
      caller,
      evm,
      {
        ...usdcTransfer(to, '1'),
        gas_limit: '21000',
        max_fee_per_gas: '1',
        max_priority_fee_per_gas: '1',
      },
      { sponsor: true },
    )
    expect(answer.status, answer.text).toBe(200)
    expect(await settled(caller, evm, hashOf(answer))).toMatchObject({ status: 'confirmed' })
    expect(await usdcOf(api, to)).toBe(parseUnits('1', 6))
  })

  it('refuses a sponsored transfer of 0 USDC: the sponsor pays no gas for nothing moved', async () => {
    const { api, caller, evm } = await memberWithUsdc('25')
    const zero = await send(caller, evm, usdcTransfer(recipient(), '0'), { sponsor: true })
    expect(zero.status, zero.text).toBe(400)
    expect(JSON.parse(zero.text).error).toBe(
      'Charter pays the network fee only for a transfer of more than 0 USDC; this one moves nothing. Send an amount above 0.',
    )
    // Unasked, it is not sponsored either: the wallet (no ETH) must pay, as any send.
    const unasked = await send(caller, evm, usdcTransfer(recipient(), '0'))
    expect(unasked.status, unasked.text).toBe(400)
    expect(JSON.parse(unasked.text).error).toMatch(/^insufficient funds: /)
    const list = JSON.parse((await api.get(`/api/v1/wallets/${evm.id}/sends`)).text) as Json
    expect(list.data).toEqual([])
  })

  it('refuses a nonce on a sponsored send (a "speed up" would be a second transfer); unasked, a nonce means the wallet pays', async () => {
    const { api, caller, evm } = await memberWithUsdc('25')
    const to = recipient()
    const first = await send(caller, evm, usdcTransfer(to, '1'), { sponsor: true })
    expect(first.status, first.text).toBe(200)
    await settled(caller, evm, hashOf(first))
    // The same transfer again with a nonce and higher fees, as a wallet speeding it up would send it.
    const speedUp = await send(
      caller,
      evm,
      { ...usdcTransfer(to, '1'), nonce: 0, max_fee_per_gas: '100000000000', max_priority_fee_per_gas: '2' },
      { sponsor: true },
    )
    expect(speedUp.status, speedUp.text).toBe(400)
    expect(JSON.parse(speedUp.text).error).toBe(
      "params.transaction.nonce: a sponsored send has no nonce of the wallet's; leave nonce out.",
    )
    const unasked = await send(caller, evm, { ...usdcTransfer(to, '1'), nonce: 0 })
    expect(unasked.status, unasked.text).toBe(400)
    expect(JSON.parse(unasked.text).error).toMatch(/^insufficient funds: /)
    expect(await usdcOf(api, to)).toBe(parseUnits('1', 6))
  })

  it('refuses sponsor: true on anything but a USDC transfer, in words, and sends nothing', async () => {
    const { api, caller, evm } = await memberWithUsdc('25')
    const to = recipient()
    const refusals = [
      await send(caller, evm, { to, value: '1' }, { sponsor: true }),
      await send(caller, evm, { ...usdcTransfer(to, '1'), value: '1' }, { sponsor: true }),
      await send(caller, evm, { to: recipient(), data: usdcTransfer(to, '1').data }, { sponsor: true }),
      await send(
        caller,
        evm,
        {
          to: usdc,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [to, parseUnits('1', 6)],
          }),
        },
        { sponsor: true },
      ),
    ]
    for (const refused of refusals) {
      expect(refused.status, refused.text).toBe(400)
      expect(JSON.parse(refused.text).error).toMatch(/^Charter pays the network fee only for a USDC transfer/)
    }
    expect(await usdcOf(api, evm.address)).toBe(parseUnits('25', 6))
    const list = JSON.parse((await api.get(`/api/v1/wallets/${evm.id}/sends`)).text) as Json
    expect(list.data).toEqual([])
  })

  it('sends exactly the allowance out of 20 concurrent sponsored sends, the rest 429 in words, and all that went out confirm', async () => {
    const { api, caller, evm } = await memberWithUsdc('25')
    const to = recipient()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(caller, evm, usdcTransfer(to, '1'), { sponsor: true })),
    )
    const sent = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(sent, answers.map((answer) => `${answer.status} ${answer.text}`).join('\n')).toHaveLength(
      sendsPerDay,
    )
    expect(refused).toHaveLength(20 - sendsPerDay)
    for (const answer of refused) {
      // Past the day's allowance, or the sponsor's throttle of a burst: either says when, never a setting.
      expect(JSON.parse(answer.text).error).toMatch(
        /(\d\d:\d\d UTC|in \d+ minutes?)\. You can still send by paying the fee yourself\.$/,
      )
      expect(JSON.parse(answer.text).error).not.toMatch(/SPONSOR_|setting/)
    }
    const settledSends = await Promise.all(sent.map((answer) => settled(caller, evm, hashOf(answer))))
    for (const each of settledSends) expect(each.status).toBe('confirmed')
    expect(await usdcOf(api, to)).toBe(parseUnits(String(sendsPerDay), 6))
    expect(await ethOf(api, evm.address)).toBe(0n)
    // Recorded once each, under the sponsor's nonces: distinct.
    const { db } = await sharedTestDatabase()
    const rows = await db.select().from(sends).where(eq(sends.walletId, evm.id))
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(sendsPerDay)
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(rows.length)
    for (const row of rows) expect(row.feePayer?.toLowerCase()).toBe(sponsorAddress.toLowerCase())
  })

  it('two members at once share the sponsor: every send of both confirms, no nonce taken twice', async () => {
    const [first, second] = await Promise.all([memberWithUsdc('25'), memberWithUsdc('25')])
    const to = recipient()
    const answers = await Promise.all(
      [first, second].flatMap((member) =>
        Array.from({ length: 3 }, () =>
          send(member.caller, member.evm, usdcTransfer(to, '2'), { sponsor: true }),
        ),
      ),
    )
    for (const answer of answers) expect(answer.status, answer.text).toBe(200)
    for (const [index, answer] of answers.entries()) {
      const member = index < 3 ? first : second
      expect(await settled(member.caller, member.evm, hashOf(answer))).toMatchObject({ status: 'confirmed' })
    }
    expect(await usdcOf(first.api, to)).toBe(parseUnits('12', 6))
    const { db } = await sharedTestDatabase()
    const rows = await db.select({ nonce: sends.nonce }).from(sends).where(eq(sends.feePayer, sponsorAddress))
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(rows.length)
  })
})

describe('a new device: its budget counts a sponsored send as the plain transfer', () => {
  it('holds one above the budget (403 action_held), counts one within it, and the held one goes out sponsored when the hold ends', async () => {
    const member = await memberWithUsdc('300')
    const device = new WalletCaller(new ApiClient(server.url))
    expect((await device.signIn('phone', member.address)).status).toBe(200)
    const to = recipient()

    const above = await send(device, member.evm, usdcTransfer(to, '150'), { sponsor: true })
    expect(above.status, above.text).toBe(403)
    expect(JSON.parse(above.text)).toMatchObject({ code: 'action_held' })

    const within = await send(device, member.evm, usdcTransfer(to, '60'), { sponsor: true })
    expect(within.status, within.text).toBe(200)
    await settled(device, member.evm, hashOf(within))
    // 60 of the 100 are spent: 50 more is past the budget, held too.
    const past = await send(device, member.evm, usdcTransfer(to, '50'), { sponsor: true })
    expect(past.status, past.text).toBe(403)
    expect(await usdcOf(member.api, to)).toBe(parseUnits('60', 6))

    // The hold ends: both held sends go out, sponsored (the member still has no ETH).
    await sweepHeldSends(server, 2)
    await expect.poll(() => usdcOf(member.api, to), { timeout: 20_000 }).toBe(parseUnits('260', 6))
    expect(await ethOf(member.api, member.evm.address)).toBe(0n)
  })
})

describe('sponsor: true where Charter does not pay', () => {
  it.each([
    { fees: 'off', words: 'Charter does not pay network fees on this server.' },
    { fees: 'organizations', words: 'Charter does not pay network fees for this account.' },
  ])(
    'SPONSOR_FEES=$fees: 400 in words, and without the flag the wallet must pay as before',
    async ({ fees, words }) => {
      const other = await startTestServer({ env: { LOCAL_CHAINS: 'on', SPONSOR_FEES: fees } })
      try {
        const member = await fundedMember(other.url, [{ chainId, asset: 'USDC', amount: '25' }])
        const evm = member.wallet('ethereum')
        const to = recipient()
        const asked = await send(member.caller, evm, usdcTransfer(to, '1'), { sponsor: true })
        expect(asked.status, asked.text).toBe(400)
        expect(JSON.parse(asked.text)).toMatchObject({
          error: `${words} Send it without sponsor: true, and the wallet pays the fee.`,
        })
        const unasked = await send(member.caller, evm, usdcTransfer(to, '1'))
        expect(unasked.status, unasked.text).toBe(400)
        expect(JSON.parse(unasked.text).error).toMatch(/^insufficient funds: /)
        expect(await usdcOf(member.api, evm.address)).toBe(parseUnits('25', 6))
      } finally {
        await other.close()
      }
    },
  )
})
