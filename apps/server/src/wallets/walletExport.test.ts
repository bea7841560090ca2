import { base58 } from '@scure/base'
import { decryptKeystoreJson } from 'ethers'
import type { Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, type WalletCaller } from '../testing/WalletCaller.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('export', () => {
  async function exportCode(caller: WalletCaller, wallet: MemberWallet, to: string) {
    const init = await caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
    expect(init.status).toBe(200)
    return caller.api.codeFor(to)
  }

  it('exports an EVM key in plain text after a fresh code, and a keystore file ethers decrypts', async () => {
    const { api, caller, wallet: walletOf, address: phoneNumber } = await signedInMember(server.url, 'phone')
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
    const { caller, wallet: walletOf, address: email } = await signedInMember(server.url, 'email')
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
    const { caller, wallet: walletOf, address: email } = await signedInMember(server.url, 'email')
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
