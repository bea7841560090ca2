import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeFunctionData, erc20Abi } from 'viem'
import { postSignedWalletCall, signInWithDeviceKey } from './benchMember.ts'
import { spawnServer } from './spawnServer.ts'

/** `rounds` rounds, each one plain USDC send and one sponsored, in turns. */
export type SponsoredSendsPlan = { rounds: number }

/** Each send's time to confirmed, in the order they ran: the sponsored ones, and the plain ones beside them. */
export type SponsoredSendsRounds = { sponsored: number[]; plain: number[] }

const chainId = 84532
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A USDC send whose gas Charter pays (`sponsor: true`: the member signs an EIP-3009 authorisation, the sponsor
 * submits `transferWithAuthorization`) beside a plain USDC `transfer` the member pays for, from the same wallet on
 * the local Base Sepolia, in turns (plain, sponsored, plain, …), one at a time: the time from the request until
 * `GET /wallets/:id/sends` shows it `confirmed`. The member holds ETH as well, so the plain send can go; the
 * server runs in its own process with its devnets, as `npm start` runs it, and each kind is warmed by a send first.
 */
export async function measureSponsoredSends(
  repoRoot: string,
  plan: SponsoredSendsPlan,
): Promise<SponsoredSendsRounds> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-sponsored-'))
  const server = await spawnServer(repoRoot, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    LOCAL_CHAINS: 'on',
    NEW_DEVICE_HOLD_HOURS: '0',
    CODES_PER_CLIENT_PER_HOUR: '1000',
    SPONSOR_FEES: 'members',
    // Room for every round: the bench times sends, not the allowance's refusal.
    SPONSOR_SENDS_PER_DAY: '100',
  })
  try {
    const member = await signInWithDeviceKey(server.url, dataDir)
    const get = async <Body>(path: string): Promise<Body> => {
      const answer = await fetch(`${server.url}${path}`, { headers: { cookie: member.cookie } })
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
      return (await answer.json()) as Body
    }
    for (const [asset, amount] of [
      ['native', '1'],
      ['USDC', '100'],
    ]) {
      const funded = await fetch(`${server.url}/api/dev/faucet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: member.cookie },
        body: JSON.stringify({ address: member.address, chainId, asset, amount }),
      })
      if (funded.status !== 200)
        throw new Error(`the faucet answered ${funded.status}: ${await funded.text()}`)
    }
    const { chains } = await get<{ chains: { id: number | string; usdc: { address: string } | null }[] }>(
      '/api/v1/chains',
    )
    const usdc = chains.find((chain) => chain.id === chainId)?.usdc?.address
    if (!usdc) throw new Error('the local Base Sepolia has no USDC')
    const sponsor = await get<{ covered: boolean; chains: string[]; allowance: { sends_left: number } }>(
      '/api/v1/sponsor',
    )
    if (!sponsor.covered || !sponsor.chains.includes(String(chainId))) {
      throw new Error(`the sponsor does not cover this member on ${chainId}: ${JSON.stringify(sponsor)}`)
    }
    // One send to warm, then a round each: the allowance must hold them all, or the bench would time a refusal.
    if (sponsor.allowance.sends_left < plan.rounds + 1) {
      throw new Error(
        `the allowance holds ${sponsor.allowance.sends_left} sponsored sends, not ${plan.rounds + 1}`,
      )
    }

    const path = `/api/v1/wallets/${member.walletId}/rpc`
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10_000n] })

    /** One USDC send, signed with the member's device key as the browser's wallet proxy signs it: its hash. */
    const send = async (sponsored: boolean): Promise<string> => {
      const body = {
        method: 'eth_sendTransaction',
        caip2: `eip155:${chainId}`,
        ...(sponsored && { sponsor: true }),
        params: { transaction: { to: usdc, value: '0x0', data } },
      }
      const text = await postSignedWalletCall(server.url, server.appId, member, path, body, randomUUID())
      return (JSON.parse(text) as { data: { hash: string } }).data.hash
    }

    const confirmed = async (hash: string) => {
      for (;;) {
        const { data: sends } = await get<{ data: { hash: string; status: string }[] }>(
          `/api/v1/wallets/${member.walletId}/sends?limit=5`,
        )
        const ours = sends.find((one) => one.hash === hash)
        if (ours?.status === 'failed' || ours?.status === 'interrupted') {
          throw new Error(`a send did not go through: ${JSON.stringify(ours)}`)
        }
        if (ours?.status === 'confirmed') return
        await sleep(10)
      }
    }

    const timed = async (sponsored: boolean): Promise<number> => {
      const started = performance.now()
      await confirmed(await send(sponsored))
      return performance.now() - started
    }

    await timed(false)
    await timed(true)
    const rounds: SponsoredSendsRounds = { sponsored: [], plain: [] }
    for (let round = 0; round < plan.rounds; round++) {
      rounds.plain.push(await timed(false))
      rounds.sponsored.push(await timed(true))
    }
    return rounds
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
