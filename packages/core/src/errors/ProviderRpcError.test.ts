import { describe, expect, expectTypeOf, it } from 'vitest'
import { BaseError } from './BaseError.ts'
import { getRpcErrorDefinition } from './getRpcErrorDefinition.ts'
import type { JsonRpcErrorCode } from './jsonRpcErrors.ts'
import { ProviderRpcError } from './ProviderRpcError.ts'
import { providerRpcErrorFromCode } from './providerRpcErrorFromCode.ts'
import type { WalletErrorCode } from './walletErrors.ts'

describe('ProviderRpcError', () => {
  it('is a BaseError with the EIP-1193 fields', () => {
    const error = new ProviderRpcError(4001, 'The user rejected the request.', {
      data: { method: 'personal_sign' },
    })
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ProviderRpcError')
    expect(error.code).toBe(4001)
    expect(error.message).toBe('The user rejected the request.')
    expect(error.data).toEqual({ method: 'personal_sign' })
    expect(error.retryable).toBe(true)
  })

  it('serialises to {code, message, data} and nothing else', () => {
    const error = new ProviderRpcError(4100, 'Not authorized.', { data: { method: 'eth_sign' } })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 4100,
      message: 'Not authorized.',
      data: { method: 'eth_sign' },
    })
  })

  it('leaves data out of the JSON when there is none', () => {
    expect(JSON.parse(JSON.stringify(new ProviderRpcError(4900, 'Gone.')))).toEqual({
      code: 4900,
      message: 'Gone.',
    })
  })

  it('counts a code neither standard defines as not retryable', () => {
    const error = new ProviderRpcError(-32099, 'Node exploded.')
    expect(error.retryable).toBe(false)
    expect(error.code).toBe(-32099)
  })

  it('keeps the cause', () => {
    const cause = new Error('iframe closed')
    expect(new ProviderRpcError(4900, 'Gone.', { cause }).cause).toBe(cause)
  })
})

describe('providerRpcErrorFromCode', () => {
  it.each([
    [4001, 'The user rejected the request.', true],
    [4100, 'The requested method and/or account has not been authorized by the user.', false],
    [4200, 'The Provider does not support the requested method.', false],
    [4900, 'The Provider is disconnected from all chains.', true],
    [4901, 'The Provider is not connected to the requested chain.', true],
    [4902, 'The wallet does not recognize the requested chain. Add the chain first.', false],
    [-32603, 'Internal JSON-RPC error', true],
    [-32005, 'Request exceeds defined limit', true],
    [-32601, 'Method does not exist', false],
  ] as const)('builds %i with its standard text and retryability', (code, message, retryable) => {
    const error = providerRpcErrorFromCode(code)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
    expect(error.retryable).toBe(retryable)
    expect(error.toJSON()).toEqual({ code, message })
  })

  it('takes a message and data that replace the defaults', () => {
    const error = providerRpcErrorFromCode(4200, {
      message: 'The Provider does not support eth_sign.',
      data: { method: 'eth_sign' },
    })
    expect(error.toJSON()).toEqual({
      code: 4200,
      message: 'The Provider does not support eth_sign.',
      data: { method: 'eth_sign' },
    })
  })

  it('accepts only the standard codes (checked by tsc)', () => {
    expectTypeOf(providerRpcErrorFromCode).parameter(0).toEqualTypeOf<WalletErrorCode | JsonRpcErrorCode>()
    expectTypeOf<WalletErrorCode>().toEqualTypeOf<4001 | 4100 | 4200 | 4900 | 4901 | 4902>()
    expectTypeOf<JsonRpcErrorCode>().toEqualTypeOf<
      | -32700
      | -32600
      | -32601
      | -32602
      | -32603
      | -32000
      | -32001
      | -32002
      | -32003
      | -32004
      | -32005
      | -32006
    >()
  })
})

describe('getRpcErrorDefinition', () => {
  it('finds wallet and JSON-RPC codes', () => {
    expect(getRpcErrorDefinition(4902)?.name).toBe('Unrecognized chain')
    expect(getRpcErrorDefinition(-32006)?.name).toBe('JSON-RPC version not supported')
  })

  it('finds nothing for other codes, including inherited keys', () => {
    expect(getRpcErrorDefinition(4000)).toBeUndefined()
    expect(getRpcErrorDefinition(-32007)).toBeUndefined()
    expect(getRpcErrorDefinition(Number.NaN)).toBeUndefined()
  })
})
