import { generateKeyPairSync, sign } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import { type Address, type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember, WalletCaller, walletsOf } from '../testing/WalletCaller.ts'

const chainId = 84532
let server: TestServer
let site: URL

/** Who signs a Sign-In with Ethereum message: a key of the test's own, or a member's embedded wallet. */
type Ethereum = { address: Address; signMessage: (args: { message: string }) => Promise<Hex> }
const newEthereum = () => privateKeyToAccount(generatePrivateKey())

/** A signed Sign-In with Ethereum body for `path` (authenticate or link), with a fresh nonce from init. */
async function siweBody(api: ApiClient, account: Ethereum) {
  const init = await api.post('/api/v1/siwe/init', { address: account.address })
  expect(init.status).toBe(200)
  const nonce = (init.body as Json).nonce as string
  const message = createSiweMessage({
    address: account.address,
    chainId,
    domain: site.host,
    uri: site.origin,
    version: '1',
    nonce,
    issuedAt: new Date(),
    statement: 'Sign in to Charter.',
  })
  return {
    message,
    signature: await account.signMessage({ message }),
    chainId: `eip155:${chainId}`,
    walletClientType: 'metamask',
    connectorType: 'injected',
  }
}

function newSolana() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: getBase58Decoder().decode(raw), privateKey }
}

/** Who signs a Sign In With Solana message (base64 signature): a key of the test's own, or an embedded wallet. */
type Solana = { address: string; signMessage: (message: string) => Promise<string> }
const solanaSigner = (wallet: ReturnType<typeof newSolana>): Solana => ({
  address: wallet.address,
  signMessage: async (message) =>
    sign(null, Buffer.from(message, 'utf8'), wallet.privateKey).toString('base64'),
})

async function siwsBody(api: ApiClient, wallet: ReturnType<typeof newSolana> | Solana) {
  const signer = 'privateKey' in wallet ? solanaSigner(wallet) : wallet
  const init = await api.post('/api/v1/siws/init', { address: wallet.address })
  expect(init.status).toBe(200)
  const message = `${site.host} wants you to sign in with your Solana account:\n${wallet.address}\n\nSign in to Charter.\n\nURI: ${site.origin}\nVersion: 1\nNonce: ${(init.body as Json).nonce}\nIssued At: ${new Date().toISOString()}`
  return {
    message,
    signature: await signer.signMessage(message),
    walletClientType: 'phantom',
    connectorType: 'injected',
  }
}

/** A member's embedded EVM and Solana wallets as signers: each message signed by Charter's wallet API. */
function embeddedSigners(member: Awaited<ReturnType<typeof signedInMember>>) {
  const evm = member.wallet('ethereum')
  const solana = member.wallet('solana')
  const ethereum: Ethereum = {
    address: evm.address as Address,
    signMessage: async ({ message }) => {
      const answer = await member.caller.rpc(evm.id, 'personal_sign', { message, encoding: 'utf-8' })
      expect(answer.status).toBe(200)
      return (answer.body as Json).data.signature
    },
  }
  const solanaWallet: Solana = {
    address: solana.address,
    signMessage: async (message) => {
      const answer = await member.caller.rpc(solana.id, 'signMessage', {
        message: Buffer.from(message, 'utf8').toString('base64'),
        encoding: 'base64',
      })
      expect(answer.status).toBe(200)
      return (answer.body as Json).data.signature
    },
  }
  return { ethereum, solana: solanaWallet }
}

const walletAccount = (user: Json, address: string) =>
  user.linked_accounts.find(
    (each: Json) => each.type === 'wallet' && each.address === address && each.wallet_client_type,
  )
const embeddedWallets = (user: Json) =>
  walletsOf(user).filter((each: Json) => each.wallet_client_type === 'privy')

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  site = new URL(server.url)
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('the app configuration', () => {
  it('offers wallet sign-in for the kinds of chain this server offers (a server without chains offers none)', async () => {
    const config = await new ApiClient(server.url).get(`/api/v1/apps/${server.appId}`)
    expect(config.body).toMatchObject({ wallet_auth: true, solana_wallet_auth: true })
  })
})

describe('Sign-In with Ethereum over HTTP', () => {
  it('signs a new member up with the wallet beside embedded wallets, and the same member in again', async () => {
    const account = newEthereum()
    const api = new ApiClient(server.url)
    const first = await api.post('/api/v1/siwe/authenticate', await siweBody(api, account))
    expect(first.status).toBe(200)
    const body = first.body as Json
    expect(body.is_new_user).toBe(true)
    expect(body.token).toEqual(expect.any(String))
    expect(walletAccount(body.user, account.address)).toEqual({
      type: 'wallet',
      address: account.address,
      chain_type: 'ethereum',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
      verified_at: expect.any(Number),
      first_verified_at: expect.any(Number),
      latest_verified_at: expect.any(Number),
    })
    expect(
      embeddedWallets(body.user)
        .map((each: Json) => each.chain_type)
        .sort(),
    ).toEqual(['ethereum', 'solana'])
    const again = await new ApiClient(server.url).post(
      '/api/v1/siwe/authenticate',
      await siweBody(api, account),
    )
    expect(again.status).toBe(200)
    expect((again.body as Json).is_new_user).toBe(false)
    expect((again.body as Json).user.id).toBe(body.user.id)
  })

  it('refuses a chainId that is not the message’s, and no-signup for a wallet no account has', async () => {
    const account = newEthereum()
    const api = new ApiClient(server.url)
    const body = await siweBody(api, account)
    const wrongChain = await api.post('/api/v1/siwe/authenticate', { ...body, chainId: 421614 })
    expect(wrongChain.status).toBe(400)
    expect(wrongChain.body).toEqual({ code: 'invalid_data', error: expect.stringMatching(/^chainId 421614/) })
    // The refusal did not use the nonce: the same message with its own chain still signs in.
    expect((await api.post('/api/v1/siwe/authenticate', body)).status).toBe(200)
    const noSignup = await api.post('/api/v1/siwe/authenticate', {
      ...(await siweBody(api, newEthereum())),
      mode: 'no-signup',
    })
    expect((noSignup.body as Json).code).toBe('user_does_not_exist')
  })

  it('binds the session to the authorization_key sent, so a signed wallet request works', async () => {
    const account = newEthereum()
    const caller = new WalletCaller(new ApiClient(server.url))
    const signedIn = await caller.api.post('/api/v1/siwe/authenticate', {
      ...(await siweBody(caller.api, account)),
      authorization_key: caller.publicKeySpki,
    })
    expect(signedIn.status).toBe(200)
    const evm = walletsOf((signedIn.body as Json).user).find(
      (each: Json) => each.wallet_client_type === 'privy' && each.chain_type === 'ethereum',
    ) as Json
    const answer = await caller.rpc(evm.id, 'personal_sign', { message: '0x68656c6c6f', encoding: 'hex' })
    expect(answer.status).toBe(200)
    const signature = (answer.body as Json).data.signature
    expect(await verifyMessage({ address: evm.address, message: 'hello', signature })).toBe(true)
    // Another key signing for the same session is refused: the session is the first key's.
    const thief = new WalletCaller(caller.api)
    const stolen = await thief.rpc(evm.id, 'personal_sign', { message: '0x68656c6c6f', encoding: 'hex' })
    expect(stolen.status).toBe(401)
  })
})

describe('Sign In With Solana over HTTP', () => {
  it('signs a new member up with a Solana wallet, and in again', async () => {
    const wallet = newSolana()
    const api = new ApiClient(server.url)
    const first = await api.post('/api/v1/siws/authenticate', await siwsBody(api, wallet))
    expect(first.status).toBe(200)
    const body = first.body as Json
    expect(body.is_new_user).toBe(true)
    expect(walletAccount(body.user, wallet.address)).toMatchObject({
      type: 'wallet',
      address: wallet.address,
      chain_type: 'solana',
      wallet_client_type: 'phantom',
      connector_type: 'injected',
    })
    const again = await api.post('/api/v1/siws/authenticate', await siwsBody(api, wallet))
    expect((again.body as Json).user.id).toBe(body.user.id)
    expect((again.body as Json).is_new_user).toBe(false)
  })
})

describe('linking and unlinking a wallet', () => {
  it('links a wallet to a phone account, refuses it to another account, and unlinks it while the phone remains', async () => {
    const member = await signedInMember(server.url)
    const account = newEthereum()
    const linked = await member.caller.post('/api/v1/siwe/link', await siweBody(member.api, account))
    expect(linked.status).toBe(200)
    expect(walletAccount(linked.body as Json, account.address)).toMatchObject({ chain_type: 'ethereum' })
    // The phone hears of the new way in.
    expect((await member.api.outbox(member.address))[0]?.body).toContain(
      `The Ethereum wallet ${account.address} was linked to your Charter account`,
    )
    // Signing in with the wallet now reaches the phone account.
    const byWallet = await new ApiClient(server.url).post(
      '/api/v1/siwe/authenticate',
      await siweBody(member.api, account),
    )
    expect((byWallet.body as Json).user.id).toBe((linked.body as Json).id)

    const other = await signedInMember(server.url)
    const taken = await other.caller.post('/api/v1/siwe/link', await siweBody(other.api, account))
    expect(taken.status).toBe(409)
    expect((taken.body as Json).code).toBe('linked_to_another_user')

    const solana = newSolana()
    const solanaLinked = await member.caller.post('/api/v1/siws/link', await siwsBody(member.api, solana))
    expect(walletAccount(solanaLinked.body as Json, solana.address)).toMatchObject({ chain_type: 'solana' })
    const unlinked = await member.caller.post('/api/v1/siwe/unlink', {
      address: account.address.toLowerCase(),
    })
    expect(unlinked.status).toBe(200)
    expect(walletAccount(unlinked.body as Json, account.address)).toBeUndefined()
    const gone = await new ApiClient(server.url).post('/api/v1/siwe/authenticate', {
      ...(await siweBody(member.api, account)),
      mode: 'no-signup',
    })
    expect((gone.body as Json).code).toBe('user_does_not_exist')
    expect((await member.caller.post('/api/v1/siws/unlink', { address: solana.address })).status).toBe(200)
    const events = ((await member.api.get('/api/v1/users/me/events')).body as Json).events.map(
      (each: Json) => each.summary,
    )
    expect(events).toEqual(
      expect.arrayContaining([
        `Linked the Ethereum wallet ${account.address}`,
        `Unlinked the Ethereum wallet ${account.address}`,
        `Unlinked the Solana wallet ${solana.address}`,
      ]),
    )
  })

  it('refuses to unlink the last way to sign in, and a wallet that is not the member’s', async () => {
    const account = newEthereum()
    const caller = new WalletCaller(new ApiClient(server.url))
    const signedIn = await caller.api.post('/api/v1/siwe/authenticate', {
      ...(await siweBody(caller.api, account)),
      authorization_key: caller.publicKeySpki,
    })
    expect(signedIn.status).toBe(200)
    const last = await caller.post('/api/v1/siwe/unlink', { address: account.address })
    expect(last.status).toBe(400)
    expect(last.body).toEqual({
      code: 'invalid_data',
      error: expect.stringContaining('last way to sign in to your account'),
    })
    const notMine = await caller.post('/api/v1/siwe/unlink', { address: newEthereum().address })
    expect(notMine.body).toEqual({
      code: 'invalid_data',
      error: 'That wallet is not linked to your account.',
    })
    // Unsigned, the account change is refused before anything is looked at.
    const unsigned = await caller.api.post('/api/v1/siwe/unlink', { address: account.address })
    expect(unsigned.status).toBe(401)
  })
})

describe('a Charter-embedded wallet offered as an outside one', () => {
  it('is refused to another account, EVM and Solana alike, though its member’s key signed the message', async () => {
    const owner = await signedInMember(server.url)
    const signers = embeddedSigners(owner)
    const other = await signedInMember(server.url)

    const evm = await other.caller.post('/api/v1/siwe/link', await siweBody(other.api, signers.ethereum))
    expect(evm.status).toBe(409)
    expect(evm.body).toEqual({
      code: 'linked_to_another_user',
      error:
        'This is a wallet Charter keeps for another account, so it cannot be linked to yours. Link a wallet you hold yourself.',
    })
    const solana = await other.caller.post('/api/v1/siws/link', await siwsBody(other.api, signers.solana))
    expect(solana.status).toBe(409)
    expect((solana.body as Json).code).toBe('linked_to_another_user')

    // Nothing was linked, and neither member heard of a link.
    const me = (await other.api.get('/api/v1/users/me')).body as Json
    expect(walletAccount(me.user, signers.ethereum.address)).toBeUndefined()
    expect(walletAccount(me.user, signers.solana.address)).toBeUndefined()
    for (const member of [owner, other]) {
      const told = await member.api.outbox(member.address)
      expect(told.some((each: Json) => /was linked/.test(each.body))).toBe(false)
    }
  })

  it('is refused to its own member too, as a wallet of their own', async () => {
    const owner = await signedInMember(server.url)
    const signers = embeddedSigners(owner)
    const evm = await owner.caller.post('/api/v1/siwe/link', await siweBody(owner.api, signers.ethereum))
    expect(evm.status).toBe(400)
    expect(evm.body).toEqual({
      code: 'invalid_data',
      error:
        'This is a wallet Charter keeps for you: it is already on your account, and cannot also be linked as a wallet of your own.',
    })
    const solana = await owner.caller.post('/api/v1/siws/link', await siwsBody(owner.api, signers.solana))
    expect(solana.status).toBe(400)
  })

  it('cannot sign in, nor sign up an account of its own', async () => {
    const owner = await signedInMember(server.url)
    const signers = embeddedSigners(owner)
    const stranger = new ApiClient(server.url)
    const refused = {
      code: 'invalid_data',
      error:
        'This is a wallet Charter keeps for a member, so it cannot sign in as a wallet of its own. Sign in with the phone number or email address of the account it belongs to.',
    }
    for (const mode of ['login-or-sign-up', 'no-signup'] as const) {
      const evm = await stranger.post('/api/v1/siwe/authenticate', {
        ...(await siweBody(stranger, signers.ethereum)),
        mode,
      })
      expect(evm.status).toBe(400)
      expect(evm.body).toEqual(refused)
      const solana = await stranger.post('/api/v1/siws/authenticate', {
        ...(await siwsBody(stranger, signers.solana)),
        mode,
      })
      expect(solana.status).toBe(400)
      expect(solana.body).toEqual(refused)
    }
    // No session was started: the stranger is still nobody.
    expect((await stranger.get('/api/v1/users/me')).status).toBe(401)
  })
})

describe('two unlinks at once', () => {
  it('leave the account one way in: one is unlinked, the other refused as the last', async () => {
    const first = newEthereum()
    const second = newEthereum()
    const caller = new WalletCaller(new ApiClient(server.url))
    const signedIn = await caller.api.post('/api/v1/siwe/authenticate', {
      ...(await siweBody(caller.api, first)),
      authorization_key: caller.publicKeySpki,
    })
    expect(signedIn.status).toBe(200)
    expect((await caller.post('/api/v1/siwe/link', await siweBody(caller.api, second))).status).toBe(200)
    const answers = await Promise.all(
      [first, second].map((each) => caller.post('/api/v1/siwe/unlink', { address: each.address })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    const user = ((await caller.api.get('/api/v1/users/me')).body as Json).user
    const left = [first, second].filter((each) => walletAccount(user, each.address))
    expect(left).toHaveLength(1)
  })
})

describe('two tabs signing up with one new wallet at once', () => {
  it('sign in once: the later nonce replaced the earlier, and one account has one set of embedded wallets', async () => {
    const account = newEthereum()
    const tabs = [new ApiClient(server.url), new ApiClient(server.url)]
    const bodies = await Promise.all(tabs.map((api) => siweBody(api, account)))
    const answers = await Promise.all(tabs.map((api, i) => api.post('/api/v1/siwe/authenticate', bodies[i])))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
    const signedIn = tabs[answers.findIndex((answer) => answer.status === 200)] as ApiClient
    const user = ((await signedIn.get('/api/v1/users/me')).body as Json).user
    expect(
      embeddedWallets(user)
        .map((each: Json) => each.chain_type)
        .sort(),
    ).toEqual(['ethereum', 'solana'])
    expect(walletAccount(user, account.address)).toBeDefined()
  })
})

describe('EMBEDDED_WALLETS_FOR=users-without-wallets', () => {
  it('gives a wallet sign-up no embedded wallets, and a phone sign-up its own', async () => {
    const own = await startTestServer({
      env: { LOCAL_CHAINS: 'on', EMBEDDED_WALLETS_FOR: 'users-without-wallets' },
    })
    try {
      const previous = site
      site = new URL(own.url)
      const api = new ApiClient(own.url)
      const account: Ethereum = newEthereum()
      const answer = await api.post('/api/v1/siwe/authenticate', await siweBody(api, account))
      site = previous
      expect(answer.status).toBe(200)
      expect((answer.body as Json).is_new_user).toBe(true)
      expect(embeddedWallets((answer.body as Json).user)).toEqual([])
      expect(walletAccount((answer.body as Json).user, account.address as Address)).toBeDefined()
      const byPhone = await signedInMember(own.url)
      expect(byPhone.wallets.map((each) => each.chain_type).sort()).toEqual(['ethereum', 'solana'])
    } finally {
      await own.close()
    }
  }, 120_000)
})
