import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember } from '../testing/WalletCaller.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('activity', () => {
  it('lists every signature and export with a digest, newest first, for the owner only', async () => {
    const { caller } = await signedInMember(server.url)
    const user = (await caller.api.get('/api/v1/users/me')).body.user
    const wallet = user.linked_accounts.find((account: MemberWallet) => account.chain_type === 'ethereum')
    await caller.rpc(wallet.id, 'personal_sign', { message: 'one', encoding: 'utf-8' })
    await caller.rpc(wallet.id, 'personal_sign', { message: 'two', encoding: 'utf-8' })
    const { body } = await caller.api.get('/api/v1/wallets/activity')
    expect(body.activity).toHaveLength(2)
    expect(body.activity[0]).toMatchObject({
      wallet_id: wallet.id,
      address: wallet.address,
      kind: 'signature',
      method: 'personal_sign',
      summary: 'Signed a message',
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: expect.any(Number),
    })
    expect(body.activity[0]?.digest).not.toBe(body.activity[1]?.digest)
    expect(JSON.stringify(body)).not.toContain('one')
    await caller.rpc(wallet.id, 'eth_signTransaction', {
      transaction: {
        chain_id: 84532,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: 1,
        nonce: 0,
        gas_limit: 21000,
      },
    })
    const latest = (await caller.api.get('/api/v1/wallets/activity')).body.activity[0]
    expect(latest?.summary).toBe(
      'Signed a transaction on Base Sepolia to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    const { caller: stranger } = await signedInMember(server.url)
    expect((await stranger.api.get('/api/v1/wallets/activity')).body.activity).toEqual([])
  })
})
