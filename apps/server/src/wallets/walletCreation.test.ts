import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember, type WalletCaller, walletsOf } from '../testing/WalletCaller.ts'

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

  it('takes Privy’s body, {chain_type}, beside Charter’s, and wants the chain type once', async () => {
    const { caller } = await signedInMember(server.url)
    const created = await caller.post('/api/v1/wallets', { chain_type: 'solana' })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ type: 'wallet', chain_type: 'solana', wallet_index: 1 })
    const evm = await caller.post('/api/v1/wallets', { chain_type: 'ethereum' })
    expect(evm.body).toMatchObject({ chain_type: 'ethereum', wallet_index: 1 })
    const sendOnce = {
      error:
        "body: send the chain type once, as {chain_type: 'ethereum' | 'solana'} or as {request: {chain_type}}",
      code: -32602,
    }
    for (const body of [{}, { chain_type: 'ethereum', request: { chain_type: 'ethereum' } }]) {
      const refused = await caller.post('/api/v1/wallets', body)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual(sendOnce)
    }
    const unknown = await caller.post('/api/v1/wallets', { chain_type: 'bitcoin' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toMatch(/^chain_type: /)
  })
})

/** The member's wallets of a chain type, by index, as the server lists them. */
async function walletIndexes(caller: WalletCaller, chainType: string): Promise<number[]> {
  const user = (await caller.api.get('/api/v1/users/me')).body.user
  return walletsOf(user)
    .filter((wallet) => wallet.chain_type === chainType)
    .map((wallet) => wallet.wallet_index)
    .sort((a, b) => a - b)
}

describe('concurrent wallet creation', () => {
  const createAtOnce = (caller: WalletCaller, count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        caller.post('/api/v1/wallets', { request: { chain_type: 'ethereum' } }),
      ),
    )

  it('answers 30 creations at once for one member with 200 each while there is room, never a 500', async () => {
    // On PostgreSQL, 30 creations racing for the next index used to end in 500s once retries ran out.
    const roomy = await startTestServer({ env: { MAX_WALLETS_PER_CHAIN: '100' } })
    try {
      const { caller } = await signedInMember(roomy.url)
      const answers = await createAtOnce(caller, 30)
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200))
      expect(await walletIndexes(caller, 'ethereum')).toEqual(Array.from({ length: 31 }, (_, index) => index))
    } finally {
      await roomy.close()
    }
  })

  it('makes no more than MAX_WALLETS_PER_CHAIN, answering the rest with a clear 409', async () => {
    const { caller } = await signedInMember(server.url)
    const answers = await createAtOnce(caller, 30)
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(9)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(21)
    for (const answer of refused) {
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({
        error: 'Your account already has 10 Ethereum wallets, the most this server allows. Use one of them.',
        code: 'cannot_link_more_of_type',
      })
    }
    expect(await walletIndexes(caller, 'ethereum')).toEqual(Array.from({ length: 10 }, (_, index) => index))
  })
})
