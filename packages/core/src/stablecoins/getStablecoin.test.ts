import { describe, expect, it } from 'vitest'
import { getStablecoin } from './getStablecoin.ts'
import { isStablecoinAddress } from './isStablecoinAddress.ts'

describe('getStablecoin', () => {
  it('gives USDC with 6 decimals on a chain of Privy’s table', () => {
    expect(getStablecoin(8453)).toEqual({
      address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      symbol: 'USDC',
      decimals: 6,
    })
  })

  it('gives USDC on the extra chains too', () => {
    expect(getStablecoin(59144)?.address).toBe('0x176211869cA2b568f2A7D4EE941E073a821EE1ff')
    expect(getStablecoin(42220)?.decimals).toBe(6)
  })

  it('gives undefined for a chain without one', () => {
    expect(getStablecoin(44787)).toBeUndefined()
    expect(getStablecoin(31337)).toBeUndefined()
    expect(getStablecoin(0)).toBeUndefined()
  })
})

describe('isStablecoinAddress', () => {
  const arbitrumUsdc = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'

  it('accepts the address in any case', () => {
    expect(isStablecoinAddress(42161, arbitrumUsdc)).toBe(true)
    expect(isStablecoinAddress(42161, arbitrumUsdc.toLowerCase())).toBe(true)
    expect(isStablecoinAddress(42161, `0x${arbitrumUsdc.slice(2).toUpperCase()}`)).toBe(true)
  })

  it('rejects the address on another chain', () => {
    expect(isStablecoinAddress(8453, arbitrumUsdc)).toBe(false)
    expect(isStablecoinAddress(31337, arbitrumUsdc)).toBe(false)
  })

  it('rejects other and malformed addresses without throwing', () => {
    expect(isStablecoinAddress(42161, '0x0000000000000000000000000000000000000000')).toBe(false)
    expect(isStablecoinAddress(42161, arbitrumUsdc.slice(0, -1))).toBe(false)
    expect(isStablecoinAddress(42161, '')).toBe(false)
  })

  it('rejects the Celo fee-currency adapter', () => {
    expect(isStablecoinAddress(42220, '0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B')).toBe(false)
  })
})
