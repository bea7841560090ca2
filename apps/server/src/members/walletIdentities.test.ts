import { randomBytes } from 'node:crypto'
import { type CharterUser, isEmbeddedWallet, isExternalWallet } from '@charter/core'
import { getAddressDecoder } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/Database.ts'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'
import { KeyVault } from '../wallets/KeyVault.ts'
import { createFirstWallets } from '../wallets/walletStore.ts'
import {
  addIdentity,
  createUserWithIdentity,
  findUserIdByIdentity,
  loadUser,
  markIdentityVerified,
} from './users.ts'

// Wallets a member holds themselves, as identities: nothing signs one in yet, so these tests add them through
// members/ and read them back the way a client does.

let server: TestServer
let database: Database
beforeAll(async () => {
  database = await sharedTestDatabase()
  server = await startTestServer({ database })
})
afterAll(() => server.close())

const evmAddress = () => privateKeyToAccount(generatePrivateKey()).address
const solanaAddress = () => getAddressDecoder().decode(randomBytes(32))
const injected = { walletClientType: 'metamask', connectorType: 'injected' }

async function member() {
  const caller = new WalletCaller(new ApiClient(server.url))
  const signedIn = await caller.signIn('email', uniqueEmail())
  return { caller, userId: signedIn.body.user.id }
}

async function me(caller: WalletCaller): Promise<CharterUser> {
  const answer = await caller.api.get('/api/v1/users/me')
  expect(answer.status).toBe(200)
  return answer.body.user
}

describe('wallet identities', () => {
  it('shows a linked Ethereum and Solana wallet in linked_accounts, in Privy’s shape, beside the embedded ones', async () => {
    const { caller, userId } = await member()
    const ethereum = evmAddress()
    const solana = solanaAddress()
    // Sent lower-case, as some wallets spell an address: shown checksummed all the same.
    await addIdentity(database.db, userId, {
      kind: 'wallet',
      chainType: 'ethereum',
      address: ethereum.toLowerCase(),
      ...injected,
    })
    await addIdentity(database.db, userId, {
      kind: 'wallet',
      chainType: 'solana',
      address: solana,
      walletClientType: 'phantom',
      connectorType: 'injected',
    })

    const user = await me(caller)
    const external = user.linked_accounts.filter(isExternalWallet)
    const at = expect.any(Number)
    expect(external).toEqual([
      {
        type: 'wallet',
        address: ethereum,
        chain_type: 'ethereum',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        verified_at: at,
        first_verified_at: at,
        latest_verified_at: at,
      },
      {
        type: 'wallet',
        address: solana,
        chain_type: 'solana',
        wallet_client_type: 'phantom',
        connector_type: 'injected',
        verified_at: at,
        first_verified_at: at,
        latest_verified_at: at,
      },
    ])
    // The member's embedded wallets are still listed, and none of them is taken for the linked ones.
    const embedded = user.linked_accounts.filter(isEmbeddedWallet)
    expect(embedded.map((each) => each.chain_type).sort()).toEqual(['ethereum', 'solana'])
    expect(embedded.map((each) => each.address)).not.toContain(ethereum)
    expect(user.linked_accounts[0]).toMatchObject({ type: 'email' })
  })

  it('finds an Ethereum wallet by its address in any case, and a Solana wallet only as written', async () => {
    const { userId } = await member()
    const ethereum = evmAddress()
    const solana = solanaAddress()
    await addIdentity(database.db, userId, {
      kind: 'wallet',
      chainType: 'ethereum',
      address: ethereum,
      ...injected,
    })
    await addIdentity(database.db, userId, {
      kind: 'wallet',
      chainType: 'solana',
      address: solana,
      ...injected,
    })

    for (const spelling of [ethereum, ethereum.toLowerCase(), `0x${ethereum.slice(2).toUpperCase()}`]) {
      expect(
        await findUserIdByIdentity(database.db, { kind: 'wallet', chainType: 'ethereum', address: spelling }),
      ).toBe(userId)
    }
    expect(
      await findUserIdByIdentity(database.db, { kind: 'wallet', chainType: 'solana', address: solana }),
    ).toBe(userId)
    // Base58 is case-sensitive: another spelling is another key.
    const swapped = [...solana]
      .map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()))
      .join('')
    expect(
      await findUserIdByIdentity(database.db, { kind: 'wallet', chainType: 'solana', address: swapped }),
    ).toBeUndefined()
    // An address is a wallet's, never an email's or another chain's, in whatever spelling.
    expect(
      await findUserIdByIdentity(database.db, { kind: 'email', address: ethereum.toLowerCase() }),
    ).toBeUndefined()
    expect(
      await findUserIdByIdentity(database.db, {
        kind: 'wallet',
        chainType: 'solana',
        address: ethereum.toLowerCase(),
      }),
    ).toBeUndefined()
  })

  it('keeps a wallet one account’s, in any spelling, while a member may link several', async () => {
    const first = await member()
    const second = await member()
    const ethereum = evmAddress()
    await addIdentity(database.db, first.userId, {
      kind: 'wallet',
      chainType: 'ethereum',
      address: ethereum,
      ...injected,
    })
    await addIdentity(database.db, first.userId, {
      kind: 'wallet',
      chainType: 'ethereum',
      address: evmAddress(),
      ...injected,
    })
    await expect(
      addIdentity(database.db, second.userId, {
        kind: 'wallet',
        chainType: 'ethereum',
        address: ethereum.toLowerCase(),
        ...injected,
      }),
    ).rejects.toThrow()
    expect((await me(first.caller)).linked_accounts.filter(isExternalWallet)).toHaveLength(2)
    expect((await me(second.caller)).linked_accounts.filter(isExternalWallet)).toEqual([])
  })

  it('makes an account whose way in is a wallet, and records the wallet app of each later signature', async () => {
    const ethereum = evmAddress()
    const made = new Date('2026-01-02T03:04:05Z')
    const created = await database.db.transaction((tx) =>
      createUserWithIdentity(
        tx,
        { kind: 'wallet', chainType: 'ethereum', address: ethereum, ...injected },
        [],
        made,
      ),
    )
    const userId = created.id
    // The answer built from the rows written is the one read back.
    expect(await loadUser(database.db, userId)).toEqual(created)
    const later = new Date('2026-02-03T04:05:06Z')
    await markIdentityVerified(
      database.db,
      {
        kind: 'wallet',
        chainType: 'ethereum',
        address: ethereum.toLowerCase(),
        walletClientType: 'rabby',
        connectorType: 'injected',
      },
      later,
    )
    const user = await loadUser(database.db, userId)
    expect(user?.linked_accounts).toEqual([
      {
        type: 'wallet',
        address: ethereum,
        chain_type: 'ethereum',
        wallet_client_type: 'rabby',
        connector_type: 'injected',
        verified_at: made.getTime() / 1000,
        first_verified_at: made.getTime() / 1000,
        latest_verified_at: later.getTime() / 1000,
      },
    ])
  })
})

describe('a new user, its identity and its first wallets, written in one statement', () => {
  it('writes all of them, or, when a wallet row is refused, none', async () => {
    const vault = new KeyVault(randomBytes(32))
    const made = await createUserWithIdentity(database.db, { kind: 'email', address: uniqueEmail() }, [
      createFirstWallets(vault),
    ])
    expect(made.linked_accounts.filter(isEmbeddedWallet).map((wallet) => wallet.chain_type)).toEqual([
      'ethereum',
      'solana',
    ])
    expect(await loadUser(database.db, made.id)).toEqual(made)

    // A wallet row the table refuses (an id already taken): the user and its identity are not written either.
    const email = uniqueEmail()
    const [taken] = made.linked_accounts.filter(isEmbeddedWallet)
    const clashing = (userId: string) =>
      createFirstWallets(vault)(userId).map((row, i) => (i === 1 ? { ...row, id: taken?.id as string } : row))
    await expect(
      createUserWithIdentity(database.db, { kind: 'email', address: email }, [clashing]),
    ).rejects.toMatchObject({ cause: { code: '23505' } })
    expect(await findUserIdByIdentity(database.db, { kind: 'email', address: email })).toBeUndefined()
  })

  it('of two made at once for one identity, one is written whole and the other not at all', async () => {
    const vault = new KeyVault(randomBytes(32))
    const identity = { kind: 'email', address: uniqueEmail() } as const
    const outcomes = await Promise.allSettled(
      [1, 2].map(() => createUserWithIdentity(database.db, identity, [createFirstWallets(vault)])),
    )
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    const made = outcomes.find((outcome) => outcome.status === 'fulfilled')?.value as CharterUser
    expect(await findUserIdByIdentity(database.db, identity)).toBe(made.id)
    // The loser is refused by the identity's unique index (the caller then signs in to the winner's account).
    const loser = (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason
    expect(loser).toMatchObject({ cause: { code: '23505' } })
    expect(await loadUser(database.db, made.id)).toEqual(made)
  })
})
