import {
  type BalanceChain,
  type BuildOnrampUrlParameters,
  buildOnrampUrl,
  getBalances,
  type JsonRpcClient,
} from '@charter/core'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListedChain } from '../chains/chainsRoutes.ts'
import type { ApiClient } from '../testing/ApiClient.ts'
import { ApiClient as Client } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'
import type { OnrampInitAnswer } from './fundingRoutes.ts'

// The sandbox on-ramp over HTTP, against the real server and its local devnets: a member starts a purchase,
// opens the link the core builds, and completes or cancels it on Charter's own buy page.

type Member = Awaited<ReturnType<typeof signedInMember>>

let server: TestServer
let alice: Member
let bob: Member
let chains: ListedChain[]

const initPath = '/api/v1/funding/coinbase_on_ramp/init'
const statusPath = '/api/v1/funding/coinbase_on_ramp/status'

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  alice = await signedInMember(server.url)
  bob = await signedInMember(server.url)
  chains = (await alice.api.get('/api/v1/chains')).body.chains as ListedChain[]
}, 120_000)

afterAll(async () => {
  await server?.close()
})

const evm = (member: Member) => member.wallet('ethereum').address
const solana = (member: Member) => member.wallet('solana').address

async function init(member: Member, body: unknown) {
  return member.api.post(initPath, body)
}

/** A purchase started as the web starts one; fails the test when the server refuses. */
async function started(member: Member, body: unknown): Promise<OnrampInitAnswer> {
  const answer = await init(member, body)
  expect(answer.status, answer.text).toBe(200)
  return answer.body as OnrampInitAnswer
}

/** The link the web opens, built by the core from the init answer (a path on this server: the sandbox). */
function linkOf(
  answer: OnrampInitAnswer,
  choice: Partial<BuildOnrampUrlParameters> & Pick<BuildOnrampUrlParameters, 'network' | 'asset'>,
): string {
  return buildOnrampUrl({
    appId: answer.app_id,
    sessionToken: answer.session_token,
    defaultExperience: 'buy',
    partnerUserId: answer.partner_user_id,
    baseUrl: answer.base_url,
    ...choice,
  })
}

const complete = (api: ApiClient, link: string, form = '') =>
  api.request('POST', link.replace('/buy/select-asset?', '/buy/complete?'), form, {
    'content-type': 'application/x-www-form-urlencoded',
  })
const cancel = (api: ApiClient, link: string) =>
  api.request('POST', link.replace('/buy/select-asset?', '/buy/cancel?'), '', {
    'content-type': 'application/x-www-form-urlencoded',
  })

async function statusOf(member: Member, partnerUserId: string) {
  return member.api.get(`${statusPath}?partnerUserId=${encodeURIComponent(partnerUserId)}`)
}

/** The member's balances on one chain, read through the server's own RPC proxy with the member's session. */
async function balanceOn(member: Member, chainId: number | 'devnet', address: string) {
  const listed = chains.find((chain) => chain.id === chainId) as ListedChain
  const rpc: JsonRpcClient = {
    async request(url, body) {
      const answer = await member.api.post(url, body)
      if (answer.status !== 200) throw new Error(`the proxy answered ${answer.status}`)
      return JSON.parse(answer.text)
    },
  }
  const chain: BalanceChain =
    listed.type === 'ethereum'
      ? {
          type: 'ethereum',
          id: chainId as number,
          rpcUrl: listed.rpcPath,
          usdc: listed.usdc?.address as `0x${string}`,
        }
      : { type: 'solana', id: 'devnet', rpcUrl: listed.rpcPath, usdcMint: listed.usdc?.address }
  const [reading] = await getBalances(rpc, { address, chains: [chain] })
  if (!reading || reading.error) throw new Error(`no balance: ${reading?.error}`)
  return { native: reading.balances.native, usdc: reading.balances.usdc?.amount ?? 0n }
}

describe('the on-ramp as /api/health, /chains and the app config show it', () => {
  it('names the sandbox, maps each local devnet to the network it stands for, and says funding is on', async () => {
    const health = await alice.api.get('/api/health')
    expect(health.body.parts.onramp).toEqual({
      status: 'ok',
      detail: 'sandbox: credits the local devnets, no money moves',
      service: 'sandbox',
    })
    expect(chains.map((chain) => [chain.id, chain.onramp_network])).toEqual([
      [84532, 'base'],
      [421614, 'arbitrum'],
      ['devnet', 'solana'],
    ])
    const config = await alice.api.get(`/api/v1/apps/${server.appId}`)
    expect(config.body.fiat_on_ramp_enabled).toBe(true)
  })
})

describe('init refuses', () => {
  it('a caller without a session', async () => {
    const anonymous = new Client(server.url)
    const answer = await anonymous.post(initPath, {
      addresses: [{ address: evm(alice), blockchains: ['base'] }],
    })
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe('missing_or_invalid_token')
    const status = await anonymous.get(`${statusPath}?partnerUserId=x`)
    expect(status.status).toBe(401)
    expect(status.body.code).toBe('missing_or_invalid_token')
  })

  it('another member’s address, naming it', async () => {
    const answer = await init(alice, { addresses: [{ address: evm(bob), blockchains: ['base'] }] })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: `addresses: ${evm(bob)} is not one of your wallets.`,
      code: 'invalid_data',
    })
  })

  it('a network this server does not fund, and a network of the wrong type for the address', async () => {
    const mainnet = await init(alice, { addresses: [{ address: evm(alice), blockchains: ['ethereum'] }] })
    expect(mainnet.status).toBe(400)
    expect(mainnet.body.error).toBe(
      'addresses: this server does not fund the network "ethereum" (it funds base, arbitrum, solana).',
    )
    const evmOnSolana = await init(alice, { addresses: [{ address: evm(alice), blockchains: ['solana'] }] })
    expect(evmOnSolana.status).toBe(400)
    expect(evmOnSolana.body.error).toContain('is an EVM wallet and cannot receive on solana')
    const solanaOnBase = await init(alice, { addresses: [{ address: solana(alice), blockchains: ['base'] }] })
    expect(solanaOnBase.status).toBe(400)
    expect(solanaOnBase.body.error).toContain('is a Solana wallet and cannot receive on base')
  })

  it('hostile bodies: too many entries, huge arrays, prototype keys, wrong types, unknown fields', async () => {
    const own = { address: evm(alice), blockchains: ['base'] }
    const bodies: unknown[] = [
      { addresses: Array.from({ length: 6 }, () => own) },
      { addresses: [{ address: evm(alice), blockchains: Array.from({ length: 10_000 }, () => 'base') }] },
      { addresses: [own], assets: Array.from({ length: 5_000 }, () => 'USDC') },
      { addresses: [] },
      { addresses: 'base' },
      { addresses: [{ address: 42, blockchains: ['base'] }] },
      { addresses: [own], amount: 25 },
      { addresses: [own], amount: '-1' },
      { addresses: [own], amount: '1e3' },
      { addresses: [own], assets: ['<script>'] },
      { addresses: [own], admin: true },
      { addresses: [{ ...own, userId: 'someone' }] },
      '{"addresses":[{"address":"x","blockchains":["base"]}],"__proto__":{"polluted":true}}',
      `{"addresses":[{"address":"${evm(alice)}","blockchains":["base"],"constructor":{"prototype":{"x":1}}}]}`,
      '[1,2,3]',
      'null',
    ]
    for (const body of bodies) {
      const answer = await init(alice, body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(answer.status === 413 ? 413 : 400)
      expect(answer.body.code).toBe('invalid_data')
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })
})

describe('status', () => {
  it('answers another member’s partnerUserId exactly as an unknown one: 404', async () => {
    const mine = await started(alice, { addresses: [{ address: evm(alice), blockchains: ['base'] }] })
    expect(mine.base_url).toBe('/sandbox/onramp')
    expect(mine.app_id).toBe(server.appId)
    expect(mine.partner_user_id).toMatch(/^[A-Za-z0-9_-]{1,49}$/)
    expect((await statusOf(alice, mine.partner_user_id)).body).toEqual({ status: 'pending' })
    const theirs = await statusOf(bob, mine.partner_user_id)
    const unknown = await statusOf(bob, 'no-such-purchase')
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual(unknown.body)
    expect(theirs.body.code).toBe('not_found')
    const odd = await bob.api.get(`${statusPath}?partnerUserId=%00`)
    expect(odd.status).toBe(404)
    expect(odd.body).toEqual(unknown.body)
  })
})

describe('the sandbox buy page', () => {
  it('shows what would be bought, says it is a sandbox, and Complete credits exactly 25 USDC once', async () => {
    const answer = await started(alice, {
      addresses: [{ address: evm(alice), blockchains: ['base'] }],
      assets: ['USDC'],
      amount: '25',
    })
    const link = linkOf(answer, { network: 'base', asset: 'USDC', presetCryptoAmount: '25' })
    const before = await balanceOn(alice, 84532, evm(alice))
    const page = await alice.api.get(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    // The page's forms post back to this origin with its name: under Charter's no-referrer a browser would send
    // `Origin: null`, which the host guard refuses as another website.
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    expect(page.text).toContain('<title>Coinbase Onramp sandbox</title>')
    expect(page.text).toContain('This is a sandbox: no money moves. Completing credits the local devnet.')
    expect(page.text).toContain('Buy 25 USDC on Base (local Base Sepolia devnet)')
    expect(page.text).toContain(evm(alice))
    expect(page.text).toContain('Complete purchase')
    expect(page.text).toContain('Cancel')
    expect(page.text).not.toContain('<script')

    const done = await complete(alice.api, link)
    expect(done.status, done.text).toBe(200)
    expect(done.text).toContain('Purchase complete')
    expect(done.text).toContain('You can close this window.')
    expect((await statusOf(alice, answer.partner_user_id)).body).toEqual({ status: 'success' })
    const after = await balanceOn(alice, 84532, evm(alice))
    expect(after.usdc - before.usdc).toBe(25_000_000n)
    expect(after.native).toBe(before.native)

    // The token is spent: opening or completing again credits nothing.
    const reopened = await alice.api.get(link)
    expect(reopened.status).toBe(400)
    expect(reopened.text).toContain('already used')
    const again = await complete(alice.api, link)
    expect(again.status).toBe(400)
    expect((await balanceOn(alice, 84532, evm(alice))).usdc).toBe(after.usdc)
  })

  it('Cancel marks the purchase failed and credits nothing', async () => {
    const answer = await started(alice, {
      addresses: [{ address: evm(alice), blockchains: ['arbitrum'] }],
      amount: '.5',
    })
    const link = linkOf(answer, { network: 'arbitrum', asset: 'ETH', presetCryptoAmount: '.5' })
    const before = await balanceOn(alice, 421614, evm(alice))
    const cancelled = await cancel(alice.api, link)
    expect(cancelled.status).toBe(200)
    expect(cancelled.text).toContain('Purchase cancelled')
    expect((await statusOf(alice, answer.partner_user_id)).body).toEqual({ status: 'failure' })
    expect(await complete(alice.api, link).then((each) => each.status)).toBe(400)
    expect(await balanceOn(alice, 421614, evm(alice))).toEqual(before)
  })

  it('refuses an expired token with 400 and credits nothing', async () => {
    const answer = await started(alice, {
      addresses: [{ address: evm(alice), blockchains: ['base'] }],
      amount: '3',
    })
    const link = linkOf(answer, { network: 'base', asset: 'USDC', presetCryptoAmount: '3' })
    // Time moves on: the token's five minutes are over.
    await server.parts.database.db.execute(
      sql`UPDATE onramp_requests SET token_expires_at = now() - interval '1 second' WHERE partner_user_id = ${answer.partner_user_id}`,
    )
    const before = await balanceOn(alice, 84532, evm(alice))
    const page = await alice.api.get(link)
    expect(page.status).toBe(400)
    expect(page.text).toContain('has expired')
    expect((await complete(alice.api, link)).status).toBe(400)
    expect(await balanceOn(alice, 84532, evm(alice))).toEqual(before)
    expect((await statusOf(alice, answer.partner_user_id)).body).toEqual({ status: 'pending' })
  })

  it('refuses a link whose partnerUserId, network, asset or amount is not the token’s, or another member', async () => {
    const answer = await started(alice, {
      addresses: [{ address: evm(alice), blockchains: ['base'] }],
      assets: ['USDC'],
      amount: '7',
    })
    const other = await started(alice, { addresses: [{ address: evm(alice), blockchains: ['arbitrum'] }] })
    const good = { network: 'base', asset: 'USDC', presetCryptoAmount: '7' } as const
    const swapped = [
      linkOf(answer, { ...good, partnerUserId: other.partner_user_id }),
      linkOf(answer, { ...good, network: 'arbitrum' }),
      linkOf(answer, { ...good, asset: 'ETH' }),
      linkOf(answer, { ...good, presetCryptoAmount: '700' }),
      linkOf(answer, { ...good, presetCryptoAmount: undefined }),
      linkOf(answer, { ...good, sessionToken: other.session_token }),
      linkOf(answer, { ...good, appId: 'someone-else' }),
      `${linkOf(answer, good)}&defaultNetwork=arbitrum`,
    ]
    const before = await balanceOn(alice, 84532, evm(alice))
    const beforeArbitrum = await balanceOn(alice, 421614, evm(alice))
    for (const link of swapped) {
      const page = await alice.api.get(link)
      expect(page.status, link).toBe(400)
      expect(page.text).toContain('Nothing was credited.')
      expect((await complete(alice.api, link)).status, link).toBe(400)
    }
    // Bob, signed in, opening Alice's link: her token is unknown to him.
    const link = linkOf(answer, good)
    const stolen = await bob.api.get(link)
    expect(stolen.status).toBe(400)
    expect(stolen.text).toContain('session token is unknown')
    expect((await complete(bob.api, link)).status).toBe(400)
    expect((await cancel(bob.api, link)).status).toBe(400)
    // Without a session at all.
    expect((await new Client(server.url).get(link)).status).toBe(401)
    expect(await balanceOn(alice, 84532, evm(alice))).toEqual(before)
    expect(await balanceOn(alice, 421614, evm(alice))).toEqual(beforeArbitrum)
    // None of it spent the token: the link as minted still completes, for the amount minted.
    expect((await complete(alice.api, link)).status).toBe(200)
    expect((await balanceOn(alice, 84532, evm(alice))).usdc - before.usdc).toBe(7_000_000n)
  })

  it('escapes what the link carries, and asks for the amount when the token has none (capped as the faucet)', async () => {
    const answer = await started(alice, { addresses: [{ address: evm(alice), blockchains: ['arbitrum'] }] })
    const script = encodeURIComponent('<script>alert(1)</script>')
    const link = `${linkOf(answer, { network: 'arbitrum', asset: 'ETH' })}&extra=${script}`
    const page = await alice.api.get(link)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Buy ETH on Arbitrum (local Arbitrum Sepolia devnet)')
    expect(page.text).toContain('name="amount"')
    // The buttons post back the link's own parameters, and nothing else it carried.
    expect(page.text).not.toContain('extra=')
    const hostile = await alice.api.get(link.replace('defaultNetwork=arbitrum', `defaultNetwork=${script}`))
    expect(hostile.status).toBe(400)
    expect(hostile.text).not.toContain('<script>')
    expect(hostile.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    const before = await balanceOn(alice, 421614, evm(alice))
    const tooMuch = await complete(alice.api, link, 'amount=1001')
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.text).toContain('at most 1000 ETH')
    const done = await complete(alice.api, link, 'amount=.25')
    expect(done.status, done.text).toBe(200)
    expect((await balanceOn(alice, 421614, evm(alice))).native - before.native).toBe(250_000_000_000_000_000n)
  })

  it('credits SOL on the local Solana for a Solana wallet', async () => {
    const answer = await started(alice, {
      addresses: [{ address: solana(alice), blockchains: ['solana'] }],
      assets: ['SOL'],
      amount: '2',
    })
    // Transfer from Coinbase (the send experience): the page says so, and credits as a purchase does.
    const link = linkOf(answer, {
      network: 'solana',
      asset: 'SOL',
      presetCryptoAmount: '2',
      defaultExperience: 'send',
    })
    const page = await alice.api.get(link)
    expect(page.text).toContain('Transfer 2 SOL from your Coinbase account to Solana (local Solana devnet)')
    const before = await balanceOn(alice, 'devnet', solana(alice))
    expect((await complete(alice.api, link)).status).toBe(200)
    expect((await balanceOn(alice, 'devnet', solana(alice))).native - before.native).toBe(2_000_000_000n)
  })

  it('refuses too little SOL for an empty Solana wallet, naming the minimum, and the same link then buys more', async () => {
    const answer = await started(bob, { addresses: [{ address: solana(bob), blockchains: ['solana'] }] })
    const link = linkOf(answer, { network: 'solana', asset: 'SOL' })
    const refused = await complete(bob.api, link, 'amount=0.0000001')
    expect(refused.status).toBe(400)
    expect(refused.text).toContain(
      'The amount is not valid: a new Solana account needs at least 0.00089088 SOL (its rent-exempt minimum). Nothing was credited.',
    )
    expect((await balanceOn(bob, 'devnet', solana(bob))).native).toBe(0n)
    // The token was not spent on the refusal: the purchase is still open, and goes through with a larger amount.
    expect((await statusOf(bob, answer.partner_user_id)).body).toEqual({ status: 'pending' })
    expect((await complete(bob.api, link, 'amount=0.001')).status).toBe(200)
    expect((await balanceOn(bob, 'devnet', solana(bob))).native).toBe(1_000_000n)
    expect((await statusOf(bob, answer.partner_user_id)).body).toEqual({ status: 'success' })
  })

  it('credits once when two Completes of one token race', async () => {
    const answer = await started(alice, {
      addresses: [{ address: evm(alice), blockchains: ['base'] }],
      amount: '11',
    })
    const link = linkOf(answer, { network: 'base', asset: 'USDC', presetCryptoAmount: '11' })
    const before = await balanceOn(alice, 84532, evm(alice))
    const results = await Promise.all([
      complete(alice.api, link),
      complete(alice.api, link),
      complete(alice.api, link),
    ])
    expect(results.map((each) => each.status).sort()).toEqual([200, 400, 400])
    expect((await balanceOn(alice, 84532, evm(alice))).usdc - before.usdc).toBe(11_000_000n)
    expect((await statusOf(alice, answer.partner_user_id)).body).toEqual({ status: 'success' })
  })
})
