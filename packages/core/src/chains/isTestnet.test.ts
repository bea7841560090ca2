import { describe, expect, it } from 'vitest'
import { avalancheFuji } from './definitions/avalancheFuji.ts'
import { linea } from './definitions/linea.ts'
import { mainnet } from './definitions/mainnet.ts'
import { isTestnet } from './isTestnet.ts'

describe('isTestnet', () => {
  it('reads the flag of a chain', () => {
    expect(isTestnet(avalancheFuji)).toBe(true)
    expect(isTestnet(mainnet)).toBe(false)
  })

  it('treats an explicit testnet: false as a mainnet', () => {
    expect(linea.testnet).toBe(false)
    expect(isTestnet(linea)).toBe(false)
  })

  it('accepts a chain id', () => {
    expect(isTestnet(80002)).toBe(true)
    expect(isTestnet(137)).toBe(false)
  })

  it('refuses an unknown chain id rather than guessing', () => {
    expect(() => isTestnet(31337)).toThrowError('Chain 31337 is not supported by Charter')
  })
})
