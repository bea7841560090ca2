import { recoverMessageAddress } from 'viem'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { WalletApiError } from '../../http/WalletApiError.ts'
import type { WalletRow } from '../../members/walletAccounts.ts'
import { allowedWith, saidActivity } from '../../testing/saidActivity.ts'
import type { WalletAnswers } from '../../testing/WalletCaller.ts'
import type { Sending } from '../sends/Sending.ts'
import { type ChainType, generateWalletKey } from '../walletKeys.ts'
import type { WalletRpcAnswer } from './index.ts'
import { walletCall } from './walletCall.ts'

/** A wallet's row and its key, handed over as the policy hands it to a trusted device's method. */
function opened(chainType: ChainType) {
  const { privateKey, address } = generateWalletKey(chainType)
  const wallet = { id: 'wallet', userId: 'user', chainType, walletIndex: 0, address } as WalletRow
  // Signing methods reach no chain (wallets/sendTransaction.test.ts sends); this server offers none.
  const sending = { chains: { chains: [], find: () => undefined } } as unknown as Sending
  const request = {
    caip2: undefined,
    idempotencyKey: undefined,
    expiry: undefined,
    method: '',
    params: {},
    sponsor: false,
  }
  const session = { sessionId: 'session', userId: wallet.userId }
  return {
    authorize: allowedWith(privateKey),
    wallet,
    sending,
    request,
    session,
    heldReplay: false as const,
    ...saidActivity(),
  }
}

/** What `run` throws, as the answer the route gives. */
async function refusal(run: () => unknown): Promise<{ code: unknown; status: unknown; error: string }> {
  try {
    await run()
  } catch (error) {
    if (!(error instanceof WalletApiError)) throw error
    return { code: error.code, status: error.status, error: error.shortMessage }
  }
  throw new Error('nothing was refused')
}

describe('walletCall', () => {
  it('refuses a method the wallet does not have with 4200, naming those it has', async () => {
    expect(await refusal(() => walletCall('ethereum', 'signMessage', {}))).toEqual({
      code: 4200,
      status: 400,
      error:
        'signMessage is not a method of an Ethereum wallet here (personal_sign, eth_signTypedData_v4, eth_signTransaction, eth_sendTransaction).',
    })
    expect(await refusal(() => walletCall('solana', 'personal_sign', {}))).toEqual({
      code: 4200,
      status: 400,
      error:
        'personal_sign is not a method of a Solana wallet here (signMessage, signTransaction, signAndSendTransaction).',
    })
    for (const inherited of ['__proto__', 'toString', 'constructor']) {
      expect((await refusal(() => walletCall('ethereum', inherited, {}))).code).toBe(4200)
    }
  })

  it('refuses params the method’s schema refuses with -32602, naming the param', async () => {
    expect(
      await refusal(() => walletCall('ethereum', 'personal_sign', { message: 42, encoding: 'utf-8' })),
    ).toMatchObject({ code: -32602, status: 400, error: expect.stringMatching(/^params\.message: /) })
    expect(await refusal(() => walletCall('solana', 'signMessage', undefined))).toMatchObject({
      code: -32602,
      error: expect.stringMatching(/^params: /),
    })
  })

  it('runs the method with its checked params: the answer, and what the activity log keeps', async () => {
    const context = opened('ethereum')
    const call = walletCall('ethereum', 'personal_sign', { message: 'hi', encoding: 'utf-8' })
    expect(call.method).toBe('personal_sign')
    const { answer } = await call.run(context)
    expect(answer).toEqual({
      method: 'personal_sign',
      data: { encoding: 'hex', signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
    })
    if (answer.method !== 'personal_sign') throw new Error('another method answered')
    expect(await recoverMessageAddress({ message: 'hi', signature: answer.data.signature })).toBe(
      context.wallet.address,
    )
    expect(context.said).toEqual([
      { signed: { method: 'personal_sign', message: 'hi', encoding: 'utf-8' }, summary: 'Signed a message' },
    ])
  })

  it('answers what a method refuses as it signs with -32602 on the params', async () => {
    const typedData = {
      typed_data: {
        domain: {},
        types: { Thing: [{ name: 'size', type: 'uint8' }] },
        message: { size: 'large' },
        primary_type: 'Thing',
      },
    }
    expect(
      await refusal(() => walletCall('ethereum', 'eth_signTypedData_v4', typedData).run(opened('ethereum'))),
    ).toMatchObject({ code: -32602, error: expect.stringMatching(/^params\.typed_data: /) })
    const unsafeChain = { transaction: { chain_id: `0x${'f'.repeat(64)}` } }
    expect(
      await refusal(() => walletCall('ethereum', 'eth_signTransaction', unsafeChain).run(opened('ethereum'))),
    ).toMatchObject({ code: -32602, error: expect.stringMatching(/^params: /) })
    const garbage = { transaction: 'AAAA', encoding: 'base64' }
    expect(
      await refusal(() => walletCall('solana', 'signTransaction', garbage).run(opened('solana'))),
    ).toEqual({
      code: -32602,
      status: 400,
      error: 'params.transaction: not a Solana transaction (the transaction ends early)',
    })
  })

  it('types the rpc answer per method, as the route declares it', () => {
    expectTypeOf<WalletAnswers['rpc']>().toEqualTypeOf<WalletRpcAnswer>()
    expectTypeOf<Extract<WalletRpcAnswer, { method: 'personal_sign' }>['data']>().toEqualTypeOf<{
      encoding: 'hex'
      signature: `0x${string}`
    }>()
    expectTypeOf<WalletRpcAnswer['method']>().toEqualTypeOf<
      | 'personal_sign'
      | 'eth_signTypedData_v4'
      | 'eth_signTransaction'
      | 'eth_sendTransaction'
      | 'signMessage'
      | 'signTransaction'
      | 'signAndSendTransaction'
    >()
  })
})
