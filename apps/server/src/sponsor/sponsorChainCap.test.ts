import { randomUUID } from 'node:crypto'
import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/Database.ts'
import { openDatabase } from '../db/openDatabase.ts'
import { testDatabaseUrl } from '../settings/env.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { tokenBalance } from '../testing/proxiedRpc.ts'
import { scratchDatabase } from '../testing/scratchDatabase.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import type { MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'

// A script with many accounts, over HTTP against the local devnets: every member's sponsored sends on one chain
// count against one hourly cap (here SPONSOR_SENDS_PER_HOUR=6), whoever asks; another chain keeps its own.

const baseSepolia = 84532
const arbitrumSepolia = 421614
const cap = 6

let server: TestServer
/** On PostgreSQL a database of this file's own: the cap counts every member's sends, other files' included. */
let own: { database: Database; drop: () => Promise<void> } | undefined
const usdcOn = new Map<number, Hex>()

const recipient = () => privateKeyToAccount(generatePrivateKey()).address

async function memberWithUsdc(chainId: number) {
  const member = await fundedMember(server.url, [{ chainId, asset: 'USDC', amount: '5' }])
  return { ...member, evm: member.wallet('ethereum') }
}

/** A sponsored `eth_sendTransaction` of a USDC transfer, as Privy's REST body has it. */
const sponsoredTransfer = (caller: WalletCaller, wallet: MemberWallet, chainId: number, to: string) =>
  caller.post(
    `/api/v1/wallets/${wallet.id}/rpc`,
    {
      method: 'eth_sendTransaction',
      caip2: `eip155:${chainId}`,
      chain_type: 'ethereum',
      sponsor: true,
      params: {
        transaction: {
          to: usdcOn.get(chainId),
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to as Hex, parseUnits('1', 6)],
          }),
        },
      },
    },
    { headers: { 'privy-idempotency-key': randomUUID() } },
  )

beforeAll(async () => {
  const postgres = testDatabaseUrl()
  if (postgres) {
    const scratch = await scratchDatabase(postgres)
    own = { database: await openDatabase({ kind: 'postgres', url: scratch.url }), drop: scratch.drop }
  }
  server = await startTestServer({
    env: { LOCAL_CHAINS: 'on', SPONSOR_SENDS_PER_HOUR: String(cap) },
    ...(own && { database: own.database }),
  })
  const anyone = await fundedMember(server.url, [])
  const chains = JSON.parse((await anyone.api.get('/api/v1/chains')).text) as Json
  for (const chainId of [baseSepolia, arbitrumSepolia]) {
    usdcOn.set(chainId, chains.chains.find((chain: Json) => chain.id === chainId).usdc.address)
  }
}, 180_000)

afterAll(async () => {
  await server?.close()
  await own?.database.close()
  await own?.drop()
})

describe('the sponsor’s cap per chain across all members', () => {
  it('takes exactly the cap out of 20 sponsored sends at once from ten members, refuses the rest in words, and leaves another chain alone', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => memberWithUsdc(baseSepolia)))
    const to = recipient()
    const answers = await Promise.all(
      [...members, ...members].map((member) => sponsoredTransfer(member.caller, member.evm, baseSepolia, to)),
    )
    const sent = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(sent, answers.map((answer) => `${answer.status} ${answer.text}`).join('\n')).toHaveLength(cap)
    expect(refused).toHaveLength(20 - cap)
    for (const answer of refused) {
      const error = JSON.parse(answer.text).error as string
      expect(error).toMatch(
        /^Charter is paying the network fee of many sends right now; try again in \d+ minutes?, or send paying the fee yourself\.$/,
      )
      expect(error).not.toMatch(/SPONSOR_|setting|per hour/)
    }
    // Exactly the cap's worth reached the recipient: nothing went out under a refusal.
    const [first] = members
    if (!first) throw new Error('no member')
    await expect
      .poll(() => tokenBalance(first.api, baseSepolia, usdcOn.get(baseSepolia) as Hex, to), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(parseUnits(String(cap), 6))

    // A member who had nothing sponsored is refused on that chain too…
    const newcomer = await memberWithUsdc(baseSepolia)
    const late = await sponsoredTransfer(newcomer.caller, newcomer.evm, baseSepolia, recipient())
    expect(late.status, late.text).toBe(429)
    expect(JSON.parse(late.text).error).toMatch(/many sends right now/)
    // …while Arbitrum Sepolia has its own cap, untouched.
    const elsewhere = await memberWithUsdc(arbitrumSepolia)
    const other = await sponsoredTransfer(elsewhere.caller, elsewhere.evm, arbitrumSepolia, recipient())
    expect(other.status, other.text).toBe(200)
  }, 180_000)
})
