import {
  MustBeAuthenticatedError,
  ProviderRpcError,
  providerRpcErrorFromCode,
  WalletProxyNotInitializedError,
} from '@charter/core'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api.ts'
import { WalletKeyMismatchError } from '../../walletProxy/index.ts'
import { describeWalletError } from '../describeWalletError.ts'
import { toProviderRpcError } from './toProviderRpcError.ts'

const shape = (error: ProviderRpcError) => [error.code, error.message]

describe('toProviderRpcError', () => {
  it('gives each failure its EIP-1193 or JSON-RPC code, in the words a dapp shows', () => {
    expect(shape(toProviderRpcError(new WalletProxyNotInitializedError()))).toEqual([
      4900,
      'Wallet proxy not initialized',
    ])
    expect(shape(toProviderRpcError(new MustBeAuthenticatedError()))).toEqual([
      4100,
      'User must be authenticated',
    ])
    expect(toProviderRpcError(new WalletKeyMismatchError()).code).toBe(4100)
    expect(shape(toProviderRpcError(new ApiError('Unknown method', 400, 4200)))).toEqual([
      4200,
      'Unknown method',
    ])
    expect(shape(toProviderRpcError(new ApiError('params.message: too long', 400, -32602)))).toEqual([
      -32602,
      'params.message: too long',
    ])
    expect(toProviderRpcError(new ApiError('No such wallet', 404, 'embedded_wallet_not_found')).code).toBe(
      4100,
    )
    expect(toProviderRpcError(new ApiError('Slow down', 429, 'too_many_requests')).code).toBe(-32005)
    // The RPC proxy of a chain the server does not offer: not connected to that chain.
    expect(shape(toProviderRpcError(new ApiError('No chain 5 here.', 404, 'chain_not_offered')))).toEqual([
      4901,
      'No chain 5 here.',
    ])
    expect(toProviderRpcError(new ApiError('unreachable', 0, 'network_error')).code).toBe(4900)
    expect(toProviderRpcError(new ApiError('bug', 500, 'internal_error')).code).toBe(-32603)
    expect(toProviderRpcError(new TypeError('oops')).code).toBe(-32603)
    const own = providerRpcErrorFromCode(4001)
    expect(toProviderRpcError(own)).toBe(own)
    expect(JSON.parse(JSON.stringify(toProviderRpcError(new MustBeAuthenticatedError())))).toEqual({
      code: 4100,
      message: 'User must be authenticated',
    })
  })
})

describe('describeWalletError', () => {
  it('says “You declined” for a 4001 from the provider or wrapped by viem, which keep core’s texts', () => {
    const rejection = providerRpcErrorFromCode(4001)
    expect(rejection.code).toBe(4001)
    const fromProvider = describeWalletError(rejection)
    expect(fromProvider).toMatchObject({
      title: 'You declined.',
      description: 'Nothing was signed.',
      declined: true,
    })
    const fromViem = describeWalletError(new UserRejectedRequestError(providerRpcErrorFromCode(4001)))
    expect(fromViem).toMatchObject({ declined: true })
  })

  it('asks to sign out and in for a lost key, and words anything else as it came', () => {
    const lost = describeWalletError(new ProviderRpcError(4100, 'x', { cause: new WalletKeyMismatchError() }))
    expect(lost).toMatchObject({ title: 'Sign out and sign in again', signOut: true })
    expect(describeWalletError(new ApiError('The server is down.', 503, 'x'))).toMatchObject({
      description: 'The server is down.',
      known: false,
    })
  })
})
