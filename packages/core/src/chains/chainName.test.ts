import { describe, expect, it } from 'vitest'
import { chainName } from './chainName.ts'

describe('chainName', () => {
  it('names a chain Charter knows', () => {
    expect(chainName(84532)).toBe('Base Sepolia')
    expect(chainName(1)).toBe('Ethereum')
  })

  it('says the id of a chain it does not know', () => {
    expect(chainName(12345)).toBe('chain 12345')
  })
})
