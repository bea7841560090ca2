import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('wallet creation', () => {
  it('gives a new user an EVM and a Solana wallet, index 0, in the embedded shape', async () => {
    const api = new ApiClient(server.url)
    const phoneNumber = uniquePhoneNumber()
    const signedIn = await api.signInByPhone(phoneNumber)
    const wallets = signedIn.body.user.linked_accounts.filter(
      (account: { type: string }) => account.type === 'wallet',
    )
    expect(wallets).toEqual([
      {
        type: 'wallet',
        id: expect.any(String),
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        chain_type: 'ethereum',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
        wallet_index: 0,
        imported: false,
        delegated: false,
        recovery_method: 'privy-v2',
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      },
      {
        type: 'wallet',
        id: expect.any(String),
        address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
        public_key: wallets[1].address,
        chain_type: 'solana',
        wallet_client_type: 'privy',
        connector_type: 'embedded',
        wallet_index: 0,
        imported: false,
        delegated: false,
        recovery_method: 'privy-v2',
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      },
    ])
    // Signing in again finds the same wallets, and makes no more.
    const again = await new ApiClient(server.url).signInByPhone(phoneNumber)
    expect(
      again.body.user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet'),
    ).toEqual(wallets)
  })

  it('adds the next index of a chain type on request', async () => {
    const { caller } = await signedInMember(server.url)
    const created = await caller.post('/api/v1/wallets', { request: { chain_type: 'ethereum' } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ type: 'wallet', chain_type: 'ethereum', wallet_index: 1 })
    const second = await caller.post('/api/v1/wallets', { request: { chain_type: 'solana' } })
    expect(second.body).toMatchObject({ chain_type: 'solana', wallet_index: 1 })
    const user = (await caller.api.get('/api/v1/users/me')).body.user
    expect(
      user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet'),
    ).toHaveLength(4)
  })
})
