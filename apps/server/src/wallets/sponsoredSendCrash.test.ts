import { randomUUID } from 'node:crypto'
import { encodeFunctionData, erc20Abi, type Hex, keccak256, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, it } from 'vitest'
import { ApiClient } from '../testing/ApiClient.ts'
import { crashTestFolder } from '../testing/crashTestFolder.ts'
import { fundedMember } from '../testing/fundedMember.ts'
import type { Json } from '../testing/Json.ts'
import { rememberOutboxToken } from '../testing/outboxTokens.ts'
import { startServerProcess } from '../testing/serverProcess.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// A sponsored send killed between signing and submitting (as sendCrash.test.ts does it: testing/holdBroadcasts.ts
// holds the broadcast of the sponsor's transaction, and the test kills the server with SIGKILL): the member's
// authorisation, signed into the recorded transaction, is never submitted; after a restart the send is
// `interrupted`, the next sponsored send takes the sponsor's nonce, and the recipient gets each transfer once.

const chainId = 84532
const caip2 = `eip155:${chainId}`
const holdBroadcasts = new URL('../testing/holdBroadcasts.ts', import.meta.url).href
const folder = crashTestFolder('charter-sponsored-crash-', chainId)
const { outboxToken, serverEnv, node } = folder

let usdc: Hex
const usdcOf = async (owner: string) =>
  BigInt(
    await node('eth_call', [
      {
        to: usdc,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] }),
      },
      'latest',
    ]),
  )

const sponsoredSend = (caller: WalletCaller, walletId: string, to: Hex, amount: string, key: string) =>
  caller.post(
    `/api/v1/wallets/${walletId}/rpc`,
    {
      method: 'eth_sendTransaction',
      caip2,
      sponsor: true,
      params: {
        transaction: {
          to: usdc,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, parseUnits(amount, 6)],
          }),
        },
      },
    },
    { headers: { 'privy-idempotency-key': key } },
  )

async function listSends(caller: WalletCaller, walletId: string): Promise<Json[]> {
  const answer = await caller.api.get(`/api/v1/wallets/${walletId}/sends?limit=100`)
  expect(answer.status, answer.text).toBe(200)
  return (JSON.parse(answer.text) as Json).data
}

it('kill -9 between recording a sponsored send and submitting it: never submitted, interrupted after a restart, the next one takes its sponsor nonce, each transfer arrives once', async () => {
  // The first server lets one broadcast through (the first sponsored send) and holds the second before the node.
  const first = await startServerProcess({
    env: { ...serverEnv(), HOLD_BROADCASTS_AFTER: '1', HOLD_BROADCASTS_AT: 'request' },
    preload: [holdBroadcasts],
  })
  rememberOutboxToken(first.url, outboxToken)
  const member = await fundedMember(first.url, [{ chainId, asset: 'USDC', amount: '25' }])
  const wallet = member.wallet('ethereum')
  const chains = JSON.parse((await member.api.get('/api/v1/chains')).text) as Json
  usdc = chains.chains.find((chain: Json) => chain.id === chainId).usdc.address
  const to = privateKeyToAccount(generatePrivateKey()).address

  const sent = await sponsoredSend(member.caller, wallet.id, to, '5', randomUUID())
  expect(sent.status, sent.text).toBe(200)
  const sentHash = (JSON.parse(sent.text) as Json).data.hash as string
  await expect.poll(() => node('eth_getTransactionReceipt', [sentHash]), { timeout: 10_000 }).toBeTruthy()
  // The sponsor is whoever sent it.
  const sponsorAddress = (await node('eth_getTransactionReceipt', [sentHash])).from as string
  expect(sponsorAddress.toLowerCase()).not.toBe(wallet.address.toLowerCase())

  const heldKey = randomUUID()
  const cutOff = sponsoredSend(member.caller, wallet.id, to, '7', heldKey).then(
    (answer) => answer.status,
    () => 'cut off by the kill',
  )
  const [, heldTransaction] = await first.waitFor(/held-broadcast (0x[0-9a-f]+)/, 120_000)
  const heldHash = keccak256(heldTransaction as Hex)
  await first.kill9()
  expect(await cutOff).toBe('cut off by the kill')
  expect(await node('eth_getTransactionByHash', [heldHash])).toBeNull()
  expect(await usdcOf(to)).toBe(parseUnits('5', 6))

  const second = await startServerProcess({ env: serverEnv() })
  rememberOutboxToken(second.url, outboxToken)
  const me = member.caller.at(second.url)
  const recorded = (await listSends(me, wallet.id)).find((each) => each.hash === heldHash)
  expect(recorded).toMatchObject({ token: { symbol: 'USDC', to, amount: '7000000' } })

  // The next sponsored send waits out the killed server's lease on the sponsor's nonces, then takes the held one's.
  const next = await sponsoredSend(me, wallet.id, to, '2', randomUUID())
  expect(next.status, next.text).toBe(200)
  const nextHash = (JSON.parse(next.text) as Json).data.hash as string
  await expect.poll(() => node('eth_getTransactionReceipt', [nextHash]), { timeout: 10_000 }).toBeTruthy()
  const after = await listSends(me, wallet.id)
  const nextSend = after.find((each) => each.hash === nextHash)
  expect(nextSend?.nonce).toBe(recorded?.nonce)
  await expect
    .poll(async () => (await listSends(me, wallet.id)).find((each) => each.hash === heldHash)?.status, {
      timeout: 30_000,
    })
    .toBe('interrupted')

  // The held key is refused as interrupted from another session: never sent.
  const device = new WalletCaller(new ApiClient(second.url))
  expect((await device.signIn('phone', member.address)).status).toBe(200)
  const retried = await sponsoredSend(device, wallet.id, to, '7', heldKey)
  expect(retried.status, retried.text).toBe(409)
  expect(retried.text).toContain('interrupted before it was broadcast')

  // Each transfer arrived once; the held transaction is nowhere; the sponsor's nonces have no gap.
  expect(await usdcOf(to)).toBe(parseUnits('7', 6))
  expect(await usdcOf(wallet.address)).toBe(parseUnits('18', 6))
  expect(await node('eth_getTransactionByHash', [heldHash])).toBeNull()
  const sponsorNonce = Number(BigInt(await node('eth_getTransactionCount', [sponsorAddress, 'latest'])))
  expect(Number(BigInt(await node('eth_getTransactionCount', [sponsorAddress, 'pending'])))).toBe(
    sponsorNonce,
  )
  expect(await second.stop()).toEqual({ code: 0, signal: null })
}, 420_000)
