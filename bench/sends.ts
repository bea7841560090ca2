import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { postSignedWalletCall, signInWithDeviceKey } from './benchMember.ts'
import { spawnServer } from './spawnServer.ts'

/** `rounds` rounds of `concurrency` sends at once from one wallet, each beside a round of its floor. */
export type SendsPlan = { rounds: number; concurrency: number }

/** Each round's wall time, in the order they ran: the sends until all were confirmed, and the floor's signatures. */
export type SendsRounds = { sends: number[]; floor: number[] }

const chainId = 84532
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `eth_sendTransaction` from one wallet on the local Base Sepolia (anvil mines each transaction as it comes),
 * `concurrency` callers at once: the time from the first request until `GET /wallets/:id/sends` shows every one
 * `confirmed`. Its floor, in turns with it: `eth_signTransaction` of as many fully given transactions by as many
 * callers at once, until all are answered — the same signed requests, signing and wallet key without a nonce
 * lease, a record, a broadcast or a receipt. The server runs in its own process with its devnets, as `npm start`
 * runs it, and each is warmed by a round first.
 */
export async function measureSends(repoRoot: string, plan: SendsPlan): Promise<SendsRounds> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-sends-'))
  const server = await spawnServer(repoRoot, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    LOCAL_CHAINS: 'on',
    NEW_DEVICE_HOLD_HOURS: '0',
    CODES_PER_CLIENT_PER_HOUR: '1000',
  })
  try {
    const member = await signInWithDeviceKey(server.url, dataDir)
    const funded = await fetch(`${server.url}/api/dev/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookie },
      body: JSON.stringify({ address: member.address, chainId, asset: 'native', amount: '1' }),
    })
    if (funded.status !== 200) throw new Error(`the faucet answered ${funded.status}: ${await funded.text()}`)
    const path = `/api/v1/wallets/${member.walletId}/rpc`
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

    /** A wallet request signed with the member's device key, as the browser's wallet proxy sends it. */
    const call = (body: object, idempotencyKey?: string) =>
      postSignedWalletCall(server.url, server.appId, member, path, body, idempotencyKey)

    const confirmed = async (hashes: Set<string>) => {
      for (;;) {
        const answer = await fetch(
          `${server.url}/api/v1/wallets/${member.walletId}/sends?limit=${hashes.size}`,
          { headers: { cookie: member.cookie } },
        )
        const { data } = (await answer.json()) as { data: { hash: string; status: string }[] }
        const ours = data.filter((send) => hashes.has(send.hash))
        if (ours.some((send) => send.status === 'failed' || send.status === 'interrupted')) {
          throw new Error(`a send did not go through: ${JSON.stringify(ours)}`)
        }
        if (ours.length === hashes.size && ours.every((send) => send.status === 'confirmed')) return
        await sleep(10)
      }
    }

    const sendRound = async (): Promise<number> => {
      const started = performance.now()
      const answers = await Promise.all(
        Array.from({ length: plan.concurrency }, () =>
          call(
            {
              method: 'eth_sendTransaction',
              caip2: `eip155:${chainId}`,
              params: { transaction: { to, value: '1' } },
            },
            randomUUID(),
          ),
        ),
      )
      await confirmed(
        new Set(answers.map((text) => (JSON.parse(text) as { data: { hash: string } }).data.hash)),
      )
      return performance.now() - started
    }

    let signed = 0
    const floorRound = async (): Promise<number> => {
      const started = performance.now()
      await Promise.all(
        Array.from({ length: plan.concurrency }, () => {
          signed += 1
          return call({
            method: 'eth_signTransaction',
            params: {
              transaction: {
                chain_id: chainId,
                to,
                value: '1',
                nonce: signed,
                gas_limit: 21_000,
                max_fee_per_gas: 3_000_000_000,
                max_priority_fee_per_gas: 1_000_000_000,
              },
            },
          })
        }),
      )
      return performance.now() - started
    }

    await floorRound()
    await sendRound()
    const rounds: SendsRounds = { sends: [], floor: [] }
    for (let round = 0; round < plan.rounds; round++) {
      rounds.floor.push(await floorRound())
      rounds.sends.push(await sendRound())
    }
    return rounds
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
