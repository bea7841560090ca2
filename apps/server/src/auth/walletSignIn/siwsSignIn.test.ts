import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import {
  createSignInMessageText,
  type SolanaSignInInputWithRequiredFields,
} from '@solana/wallet-standard-util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../testing/Json.ts'
import { productionTestEnv } from '../../testing/productionTestEnv.ts'
import { startTestServer, type TestServer } from '../../testing/startTestServer.ts'
import { type WalletSignInRefusal, walletSignInRefusals } from './walletSignInRefusals.ts'

let app: TestServer
/** The server's PUBLIC_URL: the site its sign-in messages must name. */
const site = new URL('http://127.0.0.1')

type Wallet = { address: string; privateKey: KeyObject }

function newWallet(): Wallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: getBase58Decoder().decode(raw), privateKey }
}

const signText = (wallet: Wallet, message: string) =>
  sign(null, Buffer.from(message, 'utf8'), wallet.privateKey)

async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${app.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

const nonceFor = async (address: string): Promise<string> => {
  const answer = await post('siws/init', { address })
  expect(answer.status).toBe(200)
  return answer.body.nonce
}

/** The text a wallet's `signIn` writes: the wallet standard's own `createSignInMessageText`. */
const messageFor = (
  wallet: Wallet,
  nonce: string,
  changes: Partial<SolanaSignInInputWithRequiredFields> = {},
) =>
  createSignInMessageText({
    domain: site.host,
    address: wallet.address,
    statement: 'Sign in to Charter with this wallet.',
    uri: `${site.origin}/sign-in`,
    version: '1',
    chainId: 'devnet',
    nonce,
    issuedAt: new Date().toISOString(),
    ...changes,
  })

/** Signs in with the message at the real route, as Phantom would; a sign-in answers the wallet's address. */
async function verify(message: string, signature: string): Promise<{ status: number; body: Json }> {
  const answer = await post('siws/authenticate', {
    message,
    signature,
    walletClientType: 'phantom',
    connectorType: 'injected',
  })
  if (answer.status !== 200) return answer
  const own = answer.body.user.linked_accounts.filter(
    (each: Json) => each.type === 'wallet' && each.connector_type === 'injected',
  )
  return { status: 200, body: { address: own.length === 1 ? own[0].address : own } }
}

function expectRefused(answer: { status: number; body: Json }, refusal: WalletSignInRefusal) {
  const { code, message } = walletSignInRefusals[refusal]
  expect(answer.body).toEqual({ error: message, code })
  expect(answer.status).toBe(code === 'invalid_credentials' ? 401 : 400)
}

beforeAll(async () => {
  // Only devnet is offered; no node is asked (Ed25519 is checked here), so its URL is a port nobody listens on.
  app = await startTestServer({
    env: productionTestEnv('solana:devnet', { SOLANA_RPC_URL_DEVNET: 'http://127.0.0.1:9' }),
  })
}, 60_000)

afterAll(async () => {
  await app?.close()
})

describe('Sign In With Solana', () => {
  it('accepts a message signed by its address, base64 as Privy sends it, once', async () => {
    const wallet = newWallet()
    const message = messageFor(wallet, await nonceFor(wallet.address))
    const signature = signText(wallet, message).toString('base64')
    expect(await verify(message, signature)).toEqual({
      status: 200,
      body: { address: wallet.address },
    })
    expectRefused(await verify(message, signature), 'unknown_nonce')
  })

  it('accepts a base58 signature, `solana:devnet` as the chain, and a message naming no chain', async () => {
    const wallet = newWallet()
    let message = messageFor(wallet, await nonceFor(wallet.address), { chainId: 'solana:devnet' })
    let answer = await verify(message, getBase58Decoder().decode(signText(wallet, message)))
    expect(answer.body).toEqual({ address: wallet.address })
    message = messageFor(wallet, await nonceFor(wallet.address), { chainId: undefined, statement: undefined })
    answer = await verify(message, signText(wallet, message).toString('base64'))
    expect(answer.body).toEqual({ address: wallet.address })
  })

  it('accepts the standard’s text with every field it has: as the web writes it, and with the rest', async () => {
    const wallet = newWallet()
    const minute = 60_000
    const at = (offset: number) => new Date(Date.now() + offset).toISOString()
    const toTheSecond = (time: string) => time.replace(/\.\d{3}Z$/, 'Z')
    const messages = [
      // The web's fallback for a wallet with only solana:signMessage: no chain, the origin, times to the second.
      (nonce: string) =>
        messageFor(wallet, nonce, {
          statement: 'Sign in to Charter.',
          uri: site.origin,
          chainId: undefined,
          issuedAt: toTheSecond(at(0)),
          expirationTime: toTheSecond(at(10 * minute)),
        }),
      (nonce: string) =>
        messageFor(wallet, nonce, {
          expirationTime: at(10 * minute),
          notBefore: at(-minute),
          requestId: 'request-1',
          resources: [
            `${site.origin}/terms`,
            'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
          ],
        }),
      // An empty list: the standard still writes its `Resources:` line.
      (nonce: string) => messageFor(wallet, nonce, { resources: [] }),
    ]
    for (const make of messages) {
      const message = make(await nonceFor(wallet.address))
      expect(await verify(message, signText(wallet, message).toString('base64'))).toEqual({
        status: 200,
        body: { address: wallet.address },
      })
    }
  })

  it('refuses each tampered field with its own message, without using the nonce', async () => {
    const wallet = newWallet()
    const minute = 60_000
    const at = (offset: number) => new Date(Date.now() + offset).toISOString()
    const cases: [WalletSignInRefusal, (nonce: string) => string][] = [
      ['wrong_domain', (nonce) => messageFor(wallet, nonce, { domain: 'evil.example' })],
      ['wrong_uri', (nonce) => messageFor(wallet, nonce, { uri: 'https://evil.example/sign-in' })],
      ['expired', (nonce) => messageFor(wallet, nonce, { expirationTime: at(-minute) })],
      ['not_yet_valid', (nonce) => messageFor(wallet, nonce, { notBefore: at(60 * minute) })],
      ['issued_in_future', (nonce) => messageFor(wallet, nonce, { issuedAt: at(6 * minute) })],
      ['too_old', (nonce) => messageFor(wallet, nonce, { issuedAt: at(-11 * minute) })],
      ['unsupported_chain', (nonce) => messageFor(wallet, nonce, { chainId: 'mainnet' })],
      ['unsupported_chain', (nonce) => messageFor(wallet, nonce, { chainId: 'solana:nowhere' })],
      [
        'smuggled_uri',
        (nonce) => messageFor(wallet, nonce, { statement: 'Then go to https://evil.example' }),
      ],
      [
        'extra_lines',
        (nonce) => messageFor(wallet, nonce, { statement: 'Sign in.\nURI: https://evil.example' }),
      ],
      // A statement that reads as the URI line: the standard writes it as given.
      ['extra_lines', (nonce) => messageFor(wallet, nonce, { statement: 'URI: https://evil.example' })],
      ['extra_lines', (nonce) => `${messageFor(wallet, nonce)}\nURI: https://evil.example`],
      ['bad_resource', (nonce) => messageFor(wallet, nonce, { resources: ['not a uri'] })],
      ['bad_version', (nonce) => messageFor(wallet, nonce, { version: '2' })],
      ['malformed', (nonce) => messageFor(wallet, nonce, { issuedAt: 'yesterday' })],
      ['malformed', (nonce) => messageFor(wallet, nonce, { uri: undefined })],
    ]
    for (const [refusal, make] of cases) {
      const message = make(await nonceFor(wallet.address))
      expectRefused(await verify(message, signText(wallet, message).toString('base64')), refusal)
    }
    const message = messageFor(wallet, await nonceFor(wallet.address))
    expect((await verify(message, signText(wallet, message).toString('base64'))).status).toBe(200)
  })

  it('refuses another address’s nonce, a replaced nonce, another key’s signature and an unreadable one', async () => {
    const wallet = newWallet()
    const other = newWallet()
    let message = messageFor(wallet, await nonceFor(other.address))
    await nonceFor(wallet.address)
    expectRefused(await verify(message, signText(wallet, message).toString('base64')), 'unknown_nonce')

    const replaced = await nonceFor(wallet.address)
    const current = await nonceFor(wallet.address)
    message = messageFor(wallet, replaced)
    expectRefused(await verify(message, signText(wallet, message).toString('base64')), 'unknown_nonce')

    message = messageFor(wallet, current)
    expectRefused(await verify(message, signText(other, message).toString('base64')), 'bad_signature')
    // Signed over other bytes than those sent: a trailing space the person never saw.
    expectRefused(await verify(message, signText(wallet, `${message} `).toString('base64')), 'bad_signature')
    expectRefused(await verify(message, 'AAAA'), 'unreadable_signature')
    expect((await verify(message, signText(wallet, message).toString('base64'))).status).toBe(200)
  })

  it('refuses a nonce for an address that is not a Solana address', async () => {
    const answer = await post('siws/init', { address: '0x0000000000000000000000000000000000000001' })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_data')
    expect(answer.body.error).toBe('That is not a Solana address: send the 32-byte public key in base58.')
  })
})
