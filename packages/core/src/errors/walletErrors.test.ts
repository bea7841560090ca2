import { describe, expect, it } from 'vitest'
import { walletErrors } from './walletErrors.ts'

describe('walletErrors', () => {
  it('holds EIP-1193 and EIP-3326 codes with their names and retryability (EIP-1193, EIP-3326)', () => {
    const rows = Object.values(walletErrors).map(({ code, name, retryable }) => [code, name, retryable])
    expect(rows).toEqual([
      [4001, 'User Rejected Request', true],
      [4100, 'Unauthorized', false],
      [4200, 'Unsupported Method', false],
      [4900, 'Disconnected', true],
      [4901, 'Chain Disconnected', true],
      [4902, 'Unrecognized chain', false],
    ])
  })

  it('keys each row by its own code', () => {
    for (const [key, definition] of Object.entries(walletErrors)) expect(Number(key)).toBe(definition.code)
  })

  it('words the meanings as EIP-1193 does', () => {
    expect(walletErrors[4001].message).toBe('The user rejected the request.')
    expect(walletErrors[4100].message).toBe(
      'The requested method and/or account has not been authorized by the user.',
    )
    expect(walletErrors[4200].message).toBe('The Provider does not support the requested method.')
    expect(walletErrors[4900].message).toBe('The Provider is disconnected from all chains.')
    expect(walletErrors[4901].message).toBe('The Provider is not connected to the requested chain.')
    expect(walletErrors[4902].message).toBe(
      'The wallet does not recognize the requested chain. Add the chain first.',
    )
  })
})
