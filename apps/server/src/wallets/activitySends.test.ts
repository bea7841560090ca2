import { randomUUID } from 'node:crypto'
import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, WalletCaller } from '../testing/WalletCaller.ts'

const chainId = 84532
const caip2 = `eip155:${chainId}`

let server: TestServer
let me: WalletCaller
let evm: MemberWallet
let phone: string
let usdc: Hex
/** The local Base Sepolia's node itself, for what only a test does to it (stop and start mining). */
let anvilUrl: string

async function anvil(method: string, params: unknown[] = []): Promise<void> {
  const answer = await fetch(anvilUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await answer.json()) as Json
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
}

function send(transaction: Record<string, unknown>, key: string = randomUUID(), caller = me) {
  return caller.post(
    `/api/v1/wallets/${evm.id}/rpc`,
    { method: 'eth_sendTransaction', caip2, params: { transaction } },
    { headers: { 'privy-idempotency-key': key } },
  )
}

async function activity(caller = me): Promise<Json[]> {
  const answer = await caller.api.get('/api/v1/wallets/activity')
  expect(answer.status, answer.text).toBe(200)
  return (JSON.parse(answer.text) as Json).activity
}

const recipient = () => privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  const member = await fundedMember(server.url, [
    { chainId, asset: 'native', amount: '1' },
    { chainId, asset: 'USDC', amount: '10' },
  ])
  me = member.caller
  evm = member.wallet('ethereum')
  phone = member.address
  const chain = server.parts.registry.get('chains').adapter.find(String(chainId))
  if (!chain) throw new Error('no local Base Sepolia')
  anvilUrl = chain.rpcUrl
  usdc = (chain.info.usdc?.address ?? '') as Hex
}, 120_000)

afterAll(async () => {
  await anvil('evm_setAutomine', [true]).catch(() => undefined)
  await server?.close()
})

describe('sends in the activity list', () => {
  it('shows a send with its status as the chain has it: pending until mined, then confirmed', async () => {
    await anvil('evm_setAutomine', [false])
    const to = recipient()
    const answer = await send({ to, value: '250000000000000000' })
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    const [line] = await activity()
    expect(line).toMatchObject({
      kind: 'signature',
      method: 'eth_sendTransaction',
      summary: `Sent 0.25 ETH to ${to} on Base Sepolia`,
      send: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        caip2,
        hash,
        status: 'pending',
        reason: null,
        block_number: null,
        // A local devnet: no explorer sees it, the hash alone is shown.
        explorer_url: null,
        explorer_name: null,
        created_at: expect.any(Number),
      },
    })
    // Still pending while nothing is mined: each reading asks the chain again.
    expect((await activity())[0].send.status).toBe('pending')

    await anvil('evm_mine')
    const [mined] = await activity()
    expect(mined.send).toMatchObject({
      id: line.send.id,
      status: 'confirmed',
      block_number: expect.stringMatching(/^\d+$/),
    })
    // The send's own route agrees, and has no explorer link either.
    const one = await me.api.get(`/api/v1/wallets/${evm.id}/sends/${line.send.id}`)
    expect(JSON.parse(one.text)).toMatchObject({ hash, status: 'confirmed', explorer_url: null })
    await anvil('evm_setAutomine', [true])
  })

  it('shows a USDC send as the tokens moved, its line one with the replay another session made', async () => {
    const to = recipient()
    const amount = parseUnits('2.5', 6)
    const transaction = {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    }
    const key = randomUUID()
    const answer = await send(transaction, key)
    expect(answer.status, answer.text).toBe(200)
    const { hash } = (JSON.parse(answer.text) as Json).data
    // The same request from another device of the member: answered with the first hash, never sent again.
    const device = new WalletCaller(new ApiClient(server.url))
    expect((await device.signIn('phone', phone)).status).toBe(200)
    const replay = await send(transaction, key, device)
    expect(replay.status, replay.text).toBe(200)
    await me.rpc(evm.id, 'personal_sign', { message: 'after the send', encoding: 'utf-8' })

    const [signature, replayLine, line] = await activity()
    expect(signature).toMatchObject({ method: 'personal_sign', send: null })
    expect(line).toMatchObject({
      summary: `Sent 2.5 USDC to ${to} on Base Sepolia`,
      send: { hash, status: 'confirmed', explorer_url: null },
    })
    expect(line.summary).not.toContain(usdc)
    expect(replayLine.send).toEqual(line.send)
  })

  it('shows a member only their own sends', async () => {
    const [line] = (await activity()).filter((each) => each.send !== null)
    const { caller: stranger } = await signedInMember(server.url)
    expect(await activity(stranger)).toEqual([])
    const theirs = await stranger.api.get(`/api/v1/wallets/${evm.id}/sends/${line.send.id}`)
    expect(theirs.status).toBe(404)
    expect(theirs.text).not.toContain(line.send.hash)
  })
})
