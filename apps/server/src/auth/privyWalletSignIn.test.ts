import { generateKeyPairSync, sign } from 'node:crypto'
import Privy, { InMemoryCache, PrivyApiError } from '@privy-io/js-sdk-core'
import { getBase58Decoder } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'

// Privy's own published client, @privy-io/js-sdk-core, driving Charter's wallet sign-in as an app's
// "Connect wallet" button does: `siwe.init` builds the message from Charter's nonce, the wallet signs it,
// `siwe.loginWithSiwe` sends it back. Nothing in the app changes but the client's base URL.

const chainId = 84532
let server: TestServer
let site: URL

beforeAll(async () => {
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on' } })
  site = new URL(server.url)
}, 120_000)
afterAll(() => server?.close())

/** A Privy client for this server; `baseUrl` is read by the client but left out of its published options type. */
const privyClient = () =>
  new Privy({
    appId: server.appId,
    storage: new InMemoryCache(),
    baseUrl: server.url,
  } as ConstructorParameters<typeof Privy>[0])

const newEthereum = () => privateKeyToAccount(generatePrivateKey())
const externalWallet = (address: string) => ({
  address,
  chainId: `eip155:${chainId}`,
  walletClientType: 'metamask' as const,
  connectorType: 'injected' as const,
})

describe("Privy's client signs in with a wallet", () => {
  it('siwe: init, the wallet signs the message Privy built, loginWithSiwe; the wallet sits beside embedded ones', async () => {
    const privy = privyClient()
    const account = newEthereum()
    const { message, nonce } = await privy.auth.siwe.init(
      externalWallet(account.address),
      site.host,
      site.origin,
    )
    expect(message).toContain(`Nonce: ${nonce}`)
    expect(message).toContain(`Chain ID: ${chainId}`)

    const signedIn = await privy.auth.siwe.loginWithSiwe(await account.signMessage({ message }))
    expect(signedIn.is_new_user).toBe(true)
    // Sign-in answers carry the user as Privy's server sends it (snake_case); the client passes it on.
    const accounts = signedIn.user.linked_accounts as unknown as Json[]
    expect(accounts).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        address: account.address,
        chain_type: 'ethereum',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
      }),
    )
    // Charter's embedded wallets for the new member (EMBEDDED_WALLETS_FOR defaults to all-users).
    const embedded = accounts.filter((each) => each.type === 'wallet' && each.wallet_client_type === 'privy')
    expect(embedded.map((each) => each.chain_type).sort()).toEqual(['ethereum', 'solana'])

    // The session is Charter's own: its token reads the same member.
    const me = await new ApiClient(server.url).get('/api/v1/users/me', {
      authorization: `Bearer ${await privy.getAccessToken()}`,
    })
    expect(me.status).toBe(200)
    expect((me.body as { user: { id: string } }).user.id).toBe(signedIn.user.id)

    // The same wallet signs the same member in again, with a fresh nonce.
    const again = privyClient()
    const second = await again.auth.siwe.init(externalWallet(account.address), site.host, site.origin)
    expect(second.nonce).not.toBe(nonce)
    const back = await again.auth.siwe.loginWithSiwe(await account.signMessage({ message: second.message }))
    expect(back.is_new_user).toBe(false)
    expect(back.user.id).toBe(signedIn.user.id)
  })

  it('refuses a message signed by another key, in the shape Privy’s client reads', async () => {
    const privy = privyClient()
    const account = newEthereum()
    const { message } = await privy.auth.siwe.init(externalWallet(account.address), site.host, site.origin)
    const error = await privy.auth.siwe.loginWithSiwe(await newEthereum().signMessage({ message })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(PrivyApiError)
    expect((error as PrivyApiError).status).toBe(401)
  })

  it('refuses linkWithSiwe from a client that signs nothing, as every link: a link is a step-up action', async () => {
    const privy = privyClient()
    const account = newEthereum()
    const first = await privy.auth.siwe.init(externalWallet(account.address), site.host, site.origin)
    await privy.auth.siwe.loginWithSiwe(await account.signMessage({ message: first.message }))

    const another = newEthereum()
    const { message } = await privy.auth.siwe.init(externalWallet(another.address), site.host, site.origin)
    const error = await privy.auth.siwe.linkWithSiwe(await another.signMessage({ message })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(PrivyApiError)
    expect((error as PrivyApiError).status).toBe(401)
    expect((error as PrivyApiError).code).toBe('missing_or_invalid_mfa')
    const { user } = await privy.user.get()
    expect(user.linked_accounts).not.toContainEqual(expect.objectContaining({ address: another.address }))
  })

  it('siws: fetchNonce, the wallet signs a Sign In With Solana message, login', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const address = getBase58Decoder().decode(
      Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'),
    )
    const privy = privyClient()
    const { nonce } = await privy.auth.siws.fetchNonce({ address })
    const message = `${site.host} wants you to sign in with your Solana account:\n${address}\n\nSign in to Charter.\n\nURI: ${site.origin}\nVersion: 1\nNonce: ${nonce}\nIssued At: ${new Date().toISOString()}`
    const signature = sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64')

    const signedIn = await privy.auth.siws.login({
      message,
      signature,
      walletClientType: 'phantom',
      connectorType: 'injected',
    })
    expect(signedIn.is_new_user).toBe(true)
    expect(signedIn.user.linked_accounts as unknown as Json[]).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        address,
        chain_type: 'solana',
        wallet_client_type: 'phantom',
      }),
    )
  })
})
