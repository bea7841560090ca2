import { createPublicKey, verify } from 'node:crypto'
import { authorizationPayload } from '@charter/core'
import { describe, expect, it } from 'vitest'
import { bytesToBase64 } from '../features/walletProxy/bytesToBase64.ts'
import { memoryKeyStore } from '../features/walletProxy/index.ts'
import { frameKey } from './frameKey.ts'
import { type FrameAnswer, frameMessages, isFrameRequest } from './frameMessages.ts'

const ownOrigin = 'https://wallet.example.org'
const config = { appId: 'cm0charter0test0app0id0000', allowedOrigins: ['https://app.example.org'] }

function frame() {
  const registered: string[] = []
  const key = frameKey(memoryKeyStore(), async (publicKey) => {
    registered.push(publicKey)
  })
  return { key, registered, messages: frameMessages({ config, ownOrigin, key }) }
}

const payload = (overrides: { url?: string; appId?: string; method?: 'POST' | 'DELETE' } = {}) =>
  bytesToBase64(
    authorizationPayload({
      method: overrides.method ?? 'POST',
      url: overrides.url ?? `${ownOrigin}/api/v1/wallets/abc/rpc`,
      body: { method: 'personal_sign', params: { message: '0x68656c6c6f', encoding: 'hex' } },
      headers: { 'privy-app-id': overrides.appId ?? config.appId, 'privy-request-expiry': '1800000000000' },
    }),
  )

const errorOf = (answer: FrameAnswer) => ('error' in answer ? answer.error : undefined)

describe('the wallet frame’s answers', () => {
  it('is ready once its key is made and registered as pending', async () => {
    const { messages, registered, key } = frame()
    const answer = await messages.answer({ id: 'id-0', event: 'privy:iframe:ready', data: {} })
    expect(answer).toEqual({ id: 'id-0', event: 'privy:iframe:ready', data: {} })
    expect(registered).toEqual([(await key.current()).publicKey])
  })

  it('signs a request payload to this Charter for this app, verifiably with its key', async () => {
    const { messages, key } = frame()
    const message = payload()
    const answer = await messages.answer({
      id: 'id-1',
      event: 'privy:user-signer:sign',
      data: { accessToken: 'token', requesterAppId: config.appId, message },
    })
    const signature = (answer as { data: { signature: string } }).data.signature
    const publicKey = createPublicKey({
      key: Buffer.from((await key.current()).publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    })
    const bytes = Buffer.from(message, 'base64')
    expect(
      verify('sha256', bytes, { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signature, 'base64')),
    ).toBe(true)
  })

  it('signs for this app when the SDK names none (its Solana and provider paths)', async () => {
    const { messages } = frame()
    const answer = await messages.answer({
      id: 'id-5',
      event: 'privy:user-signer:sign',
      data: { accessToken: 't', message: payload() },
    })
    expect(answer).toMatchObject({ data: { signature: expect.any(String) } })
  })

  it('refuses to sign for another app, another server, or what is no request payload', async () => {
    const { messages } = frame()
    const ask = (data: unknown) => messages.answer({ id: 'id-2', event: 'privy:user-signer:sign', data })
    const cases: [unknown, string][] = [
      [{ requesterAppId: 'another-app', message: payload() }, 'does not sign for another-app'],
      [{ targetAppId: 'another-app', message: payload() }, 'does not sign for another-app'],
      [{ requesterAppId: config.appId, message: payload({ appId: 'another-app' }) }, 'not for the app'],
      [
        { requesterAppId: config.appId, message: payload({ url: 'https://evil.example/api/v1/x' }) },
        'is not this Charter',
      ],
      [
        { requesterAppId: config.appId, message: payload({ url: `${ownOrigin}/sandbox/onramp` }) },
        'is not this Charter',
      ],
      [
        { requesterAppId: config.appId, message: payload({ url: `${ownOrigin}/api/v1/wallets/abc/export` }) },
        'POST /api/v1/wallets/abc/export is not a wallet request',
      ],
      [
        { requesterAppId: config.appId, message: payload({ url: `${ownOrigin}/api/v1/passwordless/link` }) },
        'is not a wallet request',
      ],
      [
        {
          requesterAppId: config.appId,
          message: payload({ url: `${ownOrigin}/api/v1/organizations/o/roles/r`, method: 'DELETE' }),
        },
        'DELETE /api/v1/organizations/o/roles/r is not a wallet request',
      ],
      [{ requesterAppId: config.appId, message: btoa('just some text') }, 'not a request payload'],
      [{ requesterAppId: config.appId }, 'no message'],
      [{}, 'no message'],
    ]
    for (const [data, words] of cases) {
      const error = errorOf(await ask(data))
      expect(error?.type).toBe('invalid_request_arguments')
      expect(error?.message).toContain(words)
    }
  })

  it('forgets its key at sign-out and registers a fresh one', async () => {
    const { messages, registered, key } = frame()
    const before = (await key.current()).publicKey
    const answer = await messages.answer({ id: 'id-3', event: 'privy:mfa:clear', data: {} })
    expect(answer).toEqual({ id: 'id-3', event: 'privy:mfa:clear', data: {} })
    const after = (await key.current()).publicKey
    expect(after).not.toBe(before)
    expect(registered).toEqual([before, after])
  })

  it('refuses by name what it does not do', async () => {
    const { messages } = frame()
    for (const event of ['privy:wallets:import', 'privy:mfa:init-enrollment', 'privy:something:new']) {
      const error = errorOf(await messages.answer({ id: 'id-4', event, data: {} }))
      expect(error?.type).toBe('error')
      expect(error?.message.length).toBeGreaterThan(20)
    }
  })

  it('takes only Privy-shaped messages', () => {
    expect(isFrameRequest({ id: 'id-1', event: 'privy:iframe:ready' })).toBe(true)
    for (const value of [
      null,
      'privy:iframe:ready',
      { id: 1, event: 'privy:x' },
      { id: 'a', event: 'other' },
    ]) {
      expect(isFrameRequest(value)).toBe(false)
    }
  })
})
