import { randomUUID } from 'node:crypto'
import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../testing/ApiClient.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { tokenBalance } from '../testing/proxiedRpc.ts'
import { SoftPasskey } from '../testing/softPasskey.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, WalletCaller } from '../testing/WalletCaller.ts'

// The member's passkey releases what a new device of theirs asked and the policy held (docs/security.md,
// "Passkeys"), on the local Base Sepolia: a held send goes out at once, a held signature is signed when its device
// asks again, once; the thief with the same codes and no passkey stays held.

const chainId = 84532
const caip2 = `eip155:${chainId}`

let server: TestServer
let member: Awaited<ReturnType<typeof fundedMember>>
let evm: MemberWallet
let usdc: Hex
let passkey: SoftPasskey

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on', NEW_DEVICE_HOLD_HOURS: '24' } })
  member = await fundedMember(server.url, [
    { chainId, asset: 'native', amount: '1' },
    { chainId, asset: 'USDC', amount: '1000' },
  ])
  evm = member.wallet('ethereum')
  const chains = (await member.api.get('/api/v1/chains')).body as Json
  usdc = chains.chains.find((chain: Json) => chain.id === chainId).usdc.address
  passkey = new SoftPasskey(`http://localhost:${new URL(server.url).port}`)
  const init = await member.api.post('/api/v1/passkeys/link/init', {})
  const linked = await member.caller.post('/api/v1/passkeys/link', {
    authenticator_response: passkey.create(init.body.options),
  })
  if (linked.status !== 200) throw new Error(`link: ${linked.text}`)
}, 120_000)

afterAll(() => server?.close())

/** Another device signed in with the member's phone: a session within its hold. */
async function newDevice() {
  const device = new WalletCaller(new ApiClient(server.url))
  expect((await device.signIn('phone', member.address)).status).toBe(200)
  return device
}

/** Releases held action `id` from `caller` with the member's passkey, synced to that device. */
async function release(caller: WalletCaller, id: string) {
  const init = await caller.api.post('/api/v1/passkeys/proof/init', { action: { type: 'held_action', id } })
  expect(init.status, init.text).toBe(200)
  return caller.post(`/api/v1/held_actions/${id}/lift`, {
    passkey: { authenticator_response: passkey.get(init.body.options) },
  })
}

const usdcBalance = (address: string) => tokenBalance(member.api, chainId, usdc, address)

const heldOf = async (caller: WalletCaller, id: string) =>
  ((await caller.api.get('/api/v1/held_actions')).body.held_actions as Json[]).find((each) => each.id === id)

describe('a held action released with the member’s passkey', () => {
  it('a held send goes out at once; the thief’s stays held', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const transfer = {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('500', 6)] }),
    }
    const sendFrom = (caller: WalletCaller) =>
      caller.post(
        `/api/v1/wallets/${evm.id}/rpc`,
        { method: 'eth_sendTransaction', caip2, params: { transaction: transfer } },
        { headers: { 'privy-idempotency-key': randomUUID() } },
      )
    const second = await newDevice()
    const thief = await newDevice()
    const held = await sendFrom(second)
    expect(held.status, held.text).toBe(403)
    const theirs = await sendFrom(thief)
    expect(theirs.status).toBe(403)
    const lifted = await release(second, held.body.held_action.id)
    expect(lifted.status, lifted.text).toBe(200)
    // The sweep runs at once: the send is on chain within seconds, not a day.
    await expect
      .poll(async () => (await heldOf(second, held.body.held_action.id))?.hash, { timeout: 20_000 })
      .toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => usdcBalance(to), { timeout: 20_000 }).toBe(parseUnits('500', 6))
    const released = await heldOf(second, held.body.held_action.id)
    expect(released.lifted_at).toBeGreaterThan(0)
    expect((await heldOf(thief, theirs.body.held_action.id)).status).toBe('held')
    const events = (await member.api.get('/api/v1/users/me/events')).body.events as Json[]
    expect(events.some((each) => each.kind === 'held_action_lifted')).toBe(true)
  })

  it('a held signature is signed when its device asks again, once', async () => {
    const device = await newDevice()
    const request = {
      transaction: {
        chain_id: chainId,
        to: privateKeyToAccount(generatePrivateKey()).address,
        value: '0x0de0b6b3a7640000', // 1 ETH: past a new device's budget
        nonce: 0,
        gas_limit: 21_000,
        gas_price: 1,
        type: 0,
      },
    }
    const first = await device.rpc(evm.id, 'eth_signTransaction', request)
    expect(first.status, first.text).toBe(403)
    expect((await release(device, first.body.held_action.id)).status).toBe(200)
    const signed = await device.rpc(evm.id, 'eth_signTransaction', request)
    expect(signed.status, signed.text).toBe(200)
    expect(signed.body.data.signed_transaction).toMatch(/^0x[0-9a-f]+$/)
    const again = await device.rpc(evm.id, 'eth_signTransaction', request)
    expect(again.status).toBe(403)
    expect(again.body.held_action.id).not.toBe(first.body.held_action.id)
  })
})
