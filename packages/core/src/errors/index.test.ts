import { describe, expect, it } from 'vitest'
import * as errors from './index.ts'

describe('errors barrel', () => {
  it('exports BaseError and the error model', () => {
    expect(Object.keys(errors).sort()).toEqual([
      'BaseError',
      'LoginError',
      'MustBeAuthenticatedError',
      'ProviderRpcError',
      'StorageError',
      'WalletProxyNotInitializedError',
      'getRpcErrorDefinition',
      'pendingWalletRequestHint',
      'providerRpcErrorFromCode',
      'signatureRejectedMessage',
    ])
  })
})
