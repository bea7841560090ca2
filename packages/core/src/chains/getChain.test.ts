import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { arbitrum } from './definitions/arbitrum.ts'
import { celo } from './definitions/celo.ts'
import { getChain } from './getChain.ts'
import { isSupportedChainId } from './isSupportedChainId.ts'
import { UnsupportedChainError } from './UnsupportedChainError.ts'

describe('getChain', () => {
  it('returns the chain with that id', () => {
    expect(getChain(42161)).toBe(arbitrum)
    expect(getChain(42220)).toBe(celo)
  })

  it('throws UnsupportedChainError for an id Charter does not know', () => {
    expect(() => getChain(999)).toThrowError(new UnsupportedChainError(999))
    try {
      getChain(999)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(UnsupportedChainError)
      expect(error).toBeInstanceOf(BaseError)
      const unsupported = error as UnsupportedChainError
      expect(unsupported.message).toBe('Chain 999 is not supported by Charter')
      expect(unsupported.chainId).toBe(999)
      expect(unsupported.code).toBe('unsupported_chain_id')
      expect(unsupported.name).toBe('UnsupportedChainError')
    }
  })

  it('does not support Celo Alfajores, a chain viem knows but docs/chains.md does not list', () => {
    expect(() => getChain(44787)).toThrowError('Chain 44787 is not supported by Charter')
  })
})

describe('isSupportedChainId', () => {
  it('accepts the supported ids and nothing else', () => {
    expect(isSupportedChainId(1)).toBe(true)
    expect(isSupportedChainId(59144)).toBe(true)
    expect(isSupportedChainId(44787)).toBe(false)
    expect(isSupportedChainId(0)).toBe(false)
    expect(isSupportedChainId(Number.NaN)).toBe(false)
  })
})
