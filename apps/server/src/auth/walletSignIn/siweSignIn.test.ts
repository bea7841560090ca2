import { readFileSync } from 'node:fs'
import {
  type Abi,
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  pad,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artifactPath } from '../../../../../scripts/contracts/compileContracts.ts'
import type { Json } from '../../testing/Json.ts'
import { productionTestEnv } from '../../testing/productionTestEnv.ts'
import { spawnAnvil, type TestAnvil } from '../../testing/spawnAnvil.ts'
import { startTestServer, type TestServer } from '../../testing/startTestServer.ts'
import { type WalletSignInRefusal, walletSignInRefusals } from './walletSignInRefusals.ts'

const chainId = 84532
let anvil: TestAnvil
let app: TestServer
/** The server's PUBLIC_URL: the site its sign-in messages must name. */
const site = new URL('http://127.0.0.1')

async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${app.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

const nonceFor = async (address: string): Promise<string> => {
  const answer = await post('siwe/init', { address })
  expect(answer.status).toBe(200)
  return answer.body.nonce
}

/** A message as a page on this app would prepare it, with `changes` applied. */
function messageFor(
  address: Address,
  nonce: string,
  changes: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  return createSiweMessage({
    address,
    chainId,
    domain: site.host,
    uri: `${site.origin}/sign-in`,
    version: '1',
    nonce,
    issuedAt: new Date(),
    statement: 'Sign in to Charter with this wallet.',
    ...changes,
  })
}

/**
 * Signs in with the message at the real route, as a MetaMask page would: the chain sent is the message's own.
 * A sign-in answers whose wallet it was: the address of the member's one wallet of their own.
 */
async function verify(message: string, signature: string): Promise<{ status: number; body: Json }> {
  const chainOf = Number(/\nChain ID: (\d+)\n/.exec(message)?.[1] ?? chainId)
  const answer = await post('siwe/authenticate', {
    message,
    signature,
    chainId: chainOf,
    walletClientType: 'metamask',
    connectorType: 'injected',
  })
  if (answer.status !== 200) return answer
  const own = answer.body.user.linked_accounts.filter(
    (each: Json) => each.type === 'wallet' && each.connector_type === 'injected',
  )
  return { status: 200, body: { address: own.length === 1 ? own[0].address : own, chain_id: chainOf } }
}

function expectRefused(answer: { status: number; body: Json }, refusal: WalletSignInRefusal) {
  const { code, message } = walletSignInRefusals[refusal]
  expect(answer.body).toEqual({ error: message, code })
  expect(answer.status).toBe(
    code === 'unsupported_chain_id' || code === 'invalid_data'
      ? 400
      : code === 'invalid_credentials'
        ? 401
        : 500,
  )
}

/** Places a compiled test contract's code at a fresh address on the devnet, with its storage slots. */
async function place(
  name: 'AlwaysValid1271' | 'Owned1271' | 'Owned1271Factory',
  slots: Record<string, Hex> = {},
): Promise<Address> {
  const artifact = JSON.parse(readFileSync(artifactPath(name), 'utf8')) as { deployedBytecode: Hex }
  const address = privateKeyToAccount(generatePrivateKey()).address
  await anvil.rpc('anvil_setCode', [address, artifact.deployedBytecode])
  for (const [slot, value] of Object.entries(slots))
    await anvil.rpc('anvil_setStorageAt', [address, slot, value])
  return address
}

beforeAll(async () => {
  anvil = await spawnAnvil(chainId)
  // Arbitrum Sepolia's node is a port nobody listens on: a contract wallet there cannot be asked.
  app = await startTestServer({
    env: productionTestEnv(`${chainId},421614,solana:devnet`, {
      [`RPC_URL_${chainId}`]: anvil.url,
      RPC_URL_421614: 'http://127.0.0.1:9',
      SOLANA_RPC_URL_DEVNET: 'http://127.0.0.1:9',
    }),
  })
}, 60_000)

afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

describe('Sign-In with Ethereum, an ordinary account (EOA)', () => {
  it('accepts a message this app prepared, signed by the address it names, once', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account.address, await nonceFor(account.address))
    const signature = await account.signMessage({ message })
    const answer = await verify(message, signature)
    expect(answer).toEqual({ status: 200, body: { address: account.address, chain_id: chainId } })
    expectRefused(await verify(message, signature), 'unknown_nonce')
  })

  it('accepts a message without a statement and with a lower-case address asked for', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account.address, await nonceFor(account.address.toLowerCase()), {
      statement: undefined,
    })
    const answer = await verify(message, await account.signMessage({ message }))
    expect(answer.body).toEqual({ address: account.address, chain_id: chainId })
  })

  it('refuses each tampered field with its own message', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const minute = 60_000
    const cases: [WalletSignInRefusal, (nonce: string) => string][] = [
      ['wrong_domain', (nonce) => messageFor(account.address, nonce, { domain: 'evil.example' })],
      ['wrong_domain', (nonce) => messageFor(account.address, nonce, { domain: site.host, scheme: 'https' })],
      ['wrong_uri', (nonce) => messageFor(account.address, nonce, { uri: 'https://evil.example/sign-in' })],
      [
        'expired',
        (nonce) => messageFor(account.address, nonce, { expirationTime: new Date(Date.now() - minute) }),
      ],
      [
        'not_yet_valid',
        (nonce) => messageFor(account.address, nonce, { notBefore: new Date(Date.now() + 60 * minute) }),
      ],
      [
        'issued_in_future',
        (nonce) => messageFor(account.address, nonce, { issuedAt: new Date(Date.now() + 6 * minute) }),
      ],
      [
        'too_old',
        (nonce) => messageFor(account.address, nonce, { issuedAt: new Date(Date.now() - 11 * minute) }),
      ],
      ['unsupported_chain', (nonce) => messageFor(account.address, nonce, { chainId: 1 })],
      [
        'smuggled_uri',
        (nonce) =>
          messageFor(account.address, nonce, { statement: 'Then continue at https://evil.example/claim' }),
      ],
      [
        'extra_lines',
        (nonce) =>
          messageFor(account.address, nonce, { statement: 'Sign in.' }).replace(
            'Sign in.\n',
            'Sign in.\nURI: https://evil.example\n',
          ),
      ],
      ['extra_lines', (nonce) => `${messageFor(account.address, nonce)}\nURI: https://evil.example`],
      ['extra_lines', (nonce) => messageFor(account.address, nonce).replace('Sign in to', 'Sign in\nto')],
      ['extra_lines', (nonce) => messageFor(account.address, nonce).replaceAll('\n', '\r\n')],
      [
        'bad_resource',
        (nonce) => `${messageFor(account.address, nonce, { resources: [`${site.origin}/a`] })}\n- not a uri`,
      ],
      ['bad_version', (nonce) => messageFor(account.address, nonce).replace('Version: 1', 'Version: 2')],
      ['malformed', () => 'Please sign in: 0x1234'],
    ]
    for (const [refusal, make] of cases) {
      const nonce = await nonceFor(account.address)
      const message = make(nonce)
      expectRefused(await verify(message, await account.signMessage({ message })), refusal)
    }
    // None of these used the nonce: the last one issued still signs in.
    const message = messageFor(account.address, await nonceFor(account.address))
    expect((await verify(message, await account.signMessage({ message }))).status).toBe(200)
  })

  it('refuses a nonce issued to another address, a replaced one, and one never issued', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const othersNonce = await nonceFor(other.address)
    await nonceFor(account.address)
    let message = messageFor(account.address, othersNonce)
    expectRefused(await verify(message, await account.signMessage({ message })), 'unknown_nonce')

    const replaced = await nonceFor(account.address)
    await nonceFor(account.address)
    message = messageFor(account.address, replaced)
    expectRefused(await verify(message, await account.signMessage({ message })), 'unknown_nonce')

    message = messageFor(account.address, 'neverissued1234')
    expectRefused(await verify(message, await account.signMessage({ message })), 'unknown_nonce')
  })

  it('refuses a signature by another key, and keeps the nonce for the real one', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const thief = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account.address, await nonceFor(account.address))
    expectRefused(await verify(message, await thief.signMessage({ message })), 'bad_signature')
    expectRefused(await verify(message, 'not hex'), 'unreadable_signature')
    expect((await verify(message, await account.signMessage({ message }))).status).toBe(200)
  })
})

describe('Sign-In with Ethereum, smart-contract wallets (EIP-1271) on the devnet', () => {
  it('accepts an owner-checked wallet signed by its owner, and refuses another key', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const wallet = await place('Owned1271', { '0x0': pad(owner.address) })
    let message = messageFor(wallet, await nonceFor(wallet))
    expectRefused(
      await verify(message, await privateKeyToAccount(generatePrivateKey()).signMessage({ message })),
      'bad_signature',
    )
    message = messageFor(wallet, await nonceFor(wallet))
    const answer = await verify(message, await owner.signMessage({ message }))
    expect(answer).toEqual({ status: 200, body: { address: wallet, chain_id: chainId } })
  })

  it('takes a wallet that calls everything valid only as its own address, never as another', async () => {
    const alwaysValid = await place('AlwaysValid1271')
    const stranger = privateKeyToAccount(generatePrivateKey())
    let message = messageFor(alwaysValid, await nonceFor(alwaysValid))
    const own = await verify(message, await stranger.signMessage({ message }))
    expect(own).toEqual({ status: 200, body: { address: alwaysValid, chain_id: chainId } })

    const victim = privateKeyToAccount(generatePrivateKey())
    message = messageFor(victim.address, await nonceFor(victim.address))
    const junk = await stranger.signMessage({ message })
    expectRefused(await verify(message, junk), 'bad_signature')
    // An EIP-6492 wrapper naming the always-valid contract as the victim's "factory" changes nothing.
    const wrapped = serializeErc6492Signature({ address: alwaysValid, data: '0x', signature: junk })
    expectRefused(await verify(message, wrapped), 'bad_signature')
    // The victim's own signature still works afterwards: the refusals did not use the nonce.
    expect((await verify(message, await victim.signMessage({ message }))).status).toBe(200)
  })

  it('accepts a wallet not deployed yet, through its factory (EIP-6492), signed by its owner only', async () => {
    const factory = await place('Owned1271Factory')
    const { abi } = JSON.parse(readFileSync(artifactPath('Owned1271Factory'), 'utf8')) as { abi: Abi }
    const owner = privateKeyToAccount(generatePrivateKey())
    const salt = keccak256(toHex(generatePrivateKey()))
    const wallet = (await createPublicClient({ transport: http(anvil.url) }).readContract({
      address: factory,
      abi,
      functionName: 'addressOf',
      args: [owner.address, salt],
    })) as Address
    const data = encodeFunctionData({ abi, functionName: 'deploy', args: [owner.address, salt] })
    let message = messageFor(wallet, await nonceFor(wallet))
    const stranger = privateKeyToAccount(generatePrivateKey())
    const forged = serializeErc6492Signature({
      address: factory,
      data,
      signature: await stranger.signMessage({ message }),
    })
    expectRefused(await verify(message, forged), 'bad_signature')
    message = messageFor(wallet, await nonceFor(wallet))
    const signature = serializeErc6492Signature({
      address: factory,
      data,
      signature: await owner.signMessage({ message }),
    })
    expect(await verify(message, signature)).toEqual({
      status: 200,
      body: { address: wallet, chain_id: chainId },
    })
    // Checking it deployed nothing: the check is a call, not a transaction.
    expect(await anvil.rpc('eth_getCode', [wallet, 'latest'])).toBe('0x')
  })

  it('says the network is unreachable (a node that does not answer) when a contract wallet cannot be asked', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    const message = messageFor(wallet, await nonceFor(wallet), { chainId: 421614 })
    const signature = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    expectRefused(await verify(message, signature), 'chain_unavailable')
  })
})
