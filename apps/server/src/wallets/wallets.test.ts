import { createPublicKey, randomBytes, verify } from 'node:crypto'
import { base58 } from '@scure/base'
import { decryptKeystoreJson } from 'ethers'
import {
  type Hex,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type TransactionSerialized,
} from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

type Wallet = { id: string; address: string; chain_type: 'ethereum' | 'solana'; wallet_index: number }

let server: TestServer
let me: WalletCaller
let evm: Wallet
let solana: Wallet

/** A new member, signed in by phone or email, with a registered device key, and their wallets. */
async function signedInCaller(by: 'phone' | 'email' = 'phone') {
  const api = new ApiClient(server.url)
  const address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail()
  const caller = new WalletCaller(api)
  const signedIn = await caller.signIn(by, address)
  expect(signedIn.status).toBe(200)
  const wallets: Wallet[] = signedIn.body.user.linked_accounts.filter(
    (account: { type: string }) => account.type === 'wallet',
  )
  const wallet = (chainType: Wallet['chain_type']) =>
    wallets.find((each) => each.chain_type === chainType) as Wallet
  return { api, caller, wallets, wallet, address }
}

beforeAll(async () => {
  server = await startTestServer()
  const { caller, wallets } = await signedInCaller()
  me = caller
  evm = wallets.find((each) => each.chain_type === 'ethereum') as Wallet
  solana = wallets.find((each) => each.chain_type === 'solana') as Wallet
})
afterAll(() => server.close())

const ed25519PublicKey = (address: string) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), base58.decode(address)]),
    format: 'der',
    type: 'spki',
  })

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
      },
    ])
    // Signing in again finds the same wallets, and makes no more.
    const again = await new ApiClient(server.url).signInByPhone(phoneNumber)
    expect(
      again.body.user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet'),
    ).toEqual(wallets)
  })

  it('adds the next index of a chain type on request', async () => {
    const { caller } = await signedInCaller()
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

describe('EVM signatures', () => {
  it('personal_sign of text recovers to the wallet address', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', { message: 'Hello from Charter', encoding: 'utf-8' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      method: 'personal_sign',
      data: { encoding: 'hex', signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
    })
    const recovered = await recoverMessageAddress({
      message: 'Hello from Charter',
      signature: answer.body.data.signature,
    })
    expect(recovered).toBe(evm.address)
  })

  it('personal_sign of hex bytes recovers too', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', { message: '0xdeadbeef', encoding: 'hex' })
    const recovered = await recoverMessageAddress({
      message: { raw: '0xdeadbeef' },
      signature: answer.body.data.signature,
    })
    expect(recovered).toBe(evm.address)
  })

  it('eth_signTypedData_v4 recovers to the wallet address', async () => {
    const typed = {
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
      primary_type: 'Mail',
    }
    const answer = await me.rpc(evm.id, 'eth_signTypedData_v4', { typed_data: typed })
    expect(answer.status).toBe(200)
    const { EIP712Domain: _, ...types } = typed.types
    const recovered = await recoverTypedDataAddress({
      domain: typed.domain as never,
      types,
      message: typed.message,
      primaryType: 'Mail',
      signature: answer.body.data.signature,
    })
    expect(recovered).toBe(evm.address)
  })

  it('eth_signTransaction signs what was asked, by the wallet', async () => {
    const transaction = {
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: '0x2386f26fc10000',
      data: '0x',
      chain_id: 84532,
      nonce: 7,
      gas_limit: 21000,
      max_fee_per_gas: '2000000000',
      max_priority_fee_per_gas: '0x3b9aca00',
    }
    const answer = await me.rpc(evm.id, 'eth_signTransaction', { transaction })
    expect(answer.status).toBe(200)
    expect(answer.body.data.encoding).toBe('rlp')
    const signed = answer.body.data.signed_transaction as TransactionSerialized
    expect(parseTransaction(signed)).toMatchObject({
      type: 'eip1559',
      chainId: 84532,
      to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      value: 10_000_000_000_000_000n,
      nonce: 7,
      gas: 21000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(evm.address)
  })
})

/** A legacy Solana transfer from `payer`: one signature slot, three accounts, one instruction. */
function solanaTransfer(payer: Uint8Array, lamports: bigint): Buffer {
  const data = Buffer.alloc(12)
  data.writeUInt32LE(2, 0)
  data.writeBigUInt64LE(lamports, 4)
  const message = Buffer.concat([
    Buffer.from([1, 0, 1]),
    Buffer.from([3]),
    payer,
    randomBytes(32),
    Buffer.alloc(32),
    randomBytes(32),
    Buffer.from([1, 2, 2, 0, 1, 12]),
    data,
  ])
  return Buffer.concat([Buffer.from([1]), Buffer.alloc(64), message])
}

describe('Solana signatures', () => {
  it('signMessage verifies against the public key', async () => {
    const message = Buffer.from('Hello from Charter')
    const answer = await me.rpc(solana.id, 'signMessage', {
      message: message.toString('base64'),
      encoding: 'base64',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.encoding).toBe('base64')
    const signature = Buffer.from(answer.body.data.signature, 'base64')
    expect(verify(null, message, ed25519PublicKey(solana.address), signature)).toBe(true)
  })

  it('signTransaction fills the wallet’s slot with a signature of the message', async () => {
    const transaction = solanaTransfer(base58.decode(solana.address), 1_000_000n)
    const answer = await me.rpc(solana.id, 'signTransaction', {
      transaction: transaction.toString('base64'),
      encoding: 'base64',
    })
    expect(answer.status).toBe(200)
    const signed = Buffer.from(answer.body.data.signed_transaction, 'base64')
    expect(signed.subarray(65).equals(transaction.subarray(65))).toBe(true)
    expect(verify(null, signed.subarray(65), ed25519PublicKey(solana.address), signed.subarray(1, 65))).toBe(
      true,
    )
  })

  it('refuses a transaction this wallet does not sign, and one that is not a transaction', async () => {
    const foreign = await me.rpc(solana.id, 'signTransaction', {
      transaction: solanaTransfer(randomBytes(32), 1n).toString('base64'),
      encoding: 'base64',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body).toEqual({
      error: 'params.transaction: it needs no signature from this wallet',
      code: -32602,
    })
    const garbage = await me.rpc(solana.id, 'signTransaction', { transaction: 'AAAA', encoding: 'base64' })
    expect(garbage.body.code).toBe(-32602)
  })
})

describe('refusals', () => {
  const message = { message: 'hi', encoding: 'utf-8' }

  it('refuses a body other than the one signed', async () => {
    const answer = await me.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'personal_sign', params: message },
      {
        sentBody: { method: 'personal_sign', params: { message: 'send everything', encoding: 'utf-8' } },
      },
    )
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe(4100)
  })

  it('refuses a signature by another session’s key', async () => {
    const { caller: other } = await signedInCaller()
    const answer = await me.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'personal_sign', params: message },
      {
        key: other.privateKey,
      },
    )
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe(4100)
  })

  it('refuses a request without a signature, or without a registered key', async () => {
    const unsigned = await me.api.post(
      `/api/v1/wallets/${evm.id}/rpc`,
      { method: 'personal_sign', params: message },
      {
        'privy-app-id': 'charter-local',
      },
    )
    expect(unsigned.body.code).toBe(4100)
    const api = new ApiClient(server.url)
    await api.signInByEmail(uniqueEmail())
    const unregistered = await new WalletCaller(api).rpc(evm.id, 'personal_sign', message)
    expect(unregistered.status).toBe(401)
    expect(unregistered.body).toEqual({
      error:
        'This session has no device key, so it cannot make this request. Sign out and sign in again on this device.',
      code: 4100,
    })
  })

  it('keeps the key a session was born with', async () => {
    const again = await new WalletCaller(me.api).register()
    expect(again.status).toBe(400)
    expect(again.body.error).toContain('already has a device key')
    expect((await me.register()).status).toBe(200)
  })

  it('refuses an expired request', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', message, {
      headers: { 'privy-request-expiry': String(Date.now() - 1000) },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe(-32600)
    expect(answer.body.error).toMatch(/^This request expired at /)
    const later = await me.rpc(evm.id, 'personal_sign', message, {
      headers: { 'privy-request-expiry': String(Date.now() + 60_000) },
    })
    expect(later.status).toBe(200)
  })

  it('answers an idempotency key with the first answer, and refuses it for another body', async () => {
    const headers = { 'privy-idempotency-key': `key-${randomBytes(8).toString('hex')}` }
    const first = await me.rpc(evm.id, 'personal_sign', message, { headers })
    const second = await me.rpc(evm.id, 'personal_sign', message, { headers })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('privy-idempotency-replayed')).toBe('true')
    const other = await me.rpc(
      evm.id,
      'personal_sign',
      { message: 'something else', encoding: 'utf-8' },
      { headers },
    )
    expect(other.status).toBe(409)
    expect(other.body).toEqual({
      error: 'This idempotency key was already used for a different request.',
      code: -32600,
    })
  })

  it('refuses another user’s wallet as if it did not exist', async () => {
    const { caller: other } = await signedInCaller()
    const answer = await other.rpc(evm.id, 'personal_sign', message)
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('embedded_wallet_not_found')
  })

  it('answers an unknown method with 4200 and bad params with -32602', async () => {
    const unknown = await me.rpc(evm.id, 'eth_sign', message)
    expect(unknown.body.code).toBe(4200)
    expect(unknown.body.error).toContain('eth_sign is not a method of an Ethereum wallet')
    const solanaOnEvm = await me.rpc(evm.id, 'signMessage', { message: 'aGk=', encoding: 'base64' })
    expect(solanaOnEvm.body.code).toBe(4200)
    const bad = await me.rpc(evm.id, 'personal_sign', { message: 42, encoding: 'utf-8' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe(-32602)
    expect(bad.body.error).toMatch(/^params\.message: /)
    const badTransaction = await me.rpc(evm.id, 'eth_signTransaction', {
      transaction: { chain_id: 1, to: 'nowhere' },
    })
    expect(badTransaction.body).toEqual({ error: 'params.transaction.to: must be an address', code: -32602 })
  })

  it('wants the app id header', async () => {
    const answer = await me.rpc(evm.id, 'personal_sign', message, {
      headers: { 'privy-app-id': 'another-app' },
    })
    expect(answer.body.code).toBe('missing_or_invalid_privy_app_id')
  })
})

describe('export', () => {
  async function exportCode(caller: WalletCaller, wallet: Wallet, to: string) {
    const init = await caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
    expect(init.status).toBe(200)
    return caller.api.codeFor(to)
  }

  it('exports an EVM key in plain text after a fresh code, and a keystore file ethers decrypts', async () => {
    const { api, caller, wallet: walletOf, address: phoneNumber } = await signedInCaller('phone')
    const wallet = walletOf('ethereum')

    const init = await caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
    expect(init.body).toMatchObject({ success: true, sent_to: `*${phoneNumber.slice(-4)}` })
    const plain = await caller.post(`/api/v1/wallets/${wallet.id}/export`, {
      code: await api.codeFor(phoneNumber),
      format: 'private_key',
    })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('cache-control')).toBe('no-store')
    expect(privateKeyToAddress(plain.body.private_key as Hex)).toBe(wallet.address)

    const keystore = await caller.post(`/api/v1/wallets/${wallet.id}/export`, {
      code: await exportCode(caller, wallet, phoneNumber),
      format: 'keystore',
    })
    expect(keystore.body.passphrase.split('-')).toHaveLength(6)
    const decrypted = await decryptKeystoreJson(
      JSON.stringify(keystore.body.keystore),
      keystore.body.passphrase,
    )
    expect(decrypted.address).toBe(wallet.address)
    expect(decrypted.privateKey).toBe(plain.body.private_key)
  }, 60_000)

  it('exports a Solana key as the base58 secret key Phantom imports', async () => {
    const { caller, wallet: walletOf, address: email } = await signedInCaller('email')
    const wallet = walletOf('solana')
    const code = await exportCode(caller, wallet, email)
    const keystore = await caller.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'keystore' })
    expect(keystore.body.code).toBe('invalid_data')
    const answer = await caller.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'private_key' })
    expect(answer.body.encoding).toBe('base58')
    const secret = base58.decode(answer.body.private_key)
    expect(secret).toHaveLength(64)
    expect(base58.encode(secret.subarray(32))).toBe(wallet.address)
  })

  it('refuses a wrong code and a reused code', async () => {
    const { caller, wallet: walletOf, address: email } = await signedInCaller('email')
    const wallet = walletOf('ethereum')
    const code = await exportCode(caller, wallet, email)
    const wrong = await caller.post(`/api/v1/wallets/${wallet.id}/export`, {
      code: code === '000000' ? '111111' : '000000',
      format: 'private_key',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('invalid_credentials')
    expect(
      (await caller.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'private_key' })).status,
    ).toBe(200)
    const reused = await caller.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'private_key' })
    expect(reused.body.code).toBe('invalid_credentials')
  })
})

describe('activity', () => {
  it('lists every signature and export with a digest, newest first, for the owner only', async () => {
    const { caller } = await signedInCaller()
    const user = (await caller.api.get('/api/v1/users/me')).body.user
    const wallet = user.linked_accounts.find((account: Wallet) => account.chain_type === 'ethereum')
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
    expect(body.activity[0].digest).not.toBe(body.activity[1].digest)
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
    expect(latest.summary).toBe(
      'Signed a transaction on Base Sepolia to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    const { caller: stranger } = await signedInCaller()
    expect((await stranger.api.get('/api/v1/wallets/activity')).body.activity).toEqual([])
  })
})
