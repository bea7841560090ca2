import { describe, expect, it } from 'vitest'
import { shortenAddress } from './shortenAddress.ts'

describe('shortenAddress', () => {
  it('keeps the first 5 characters and the last 4 of an EVM address, with an ellipsis between', () => {
    expect(shortenAddress('0x1234567890AbcdEF1234567890aBcdef12345678')).toBe('0x123…5678')
    expect(shortenAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('0xd8d…6045')
  })

  it('shortens a Solana base58 address the same way', () => {
    expect(shortenAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe('EPjFW…Dt1v')
    expect(shortenAddress('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')).toBe('4zMMC…ncDU')
  })

  it('uses the single ellipsis character, so the result is 10 characters long', () => {
    const short = shortenAddress('0x1234567890abcdef1234567890abcdef12345678')
    expect(short).toContain('\u2026')
    expect(short).not.toContain('...')
    expect(short).toHaveLength(10)
  })

  it('returns a string of 10 characters or fewer unchanged', () => {
    expect(shortenAddress('')).toBe('')
    expect(shortenAddress('0x12')).toBe('0x12')
    expect(shortenAddress('0x12345678')).toBe('0x12345678')
  })

  it('shortens from 11 characters on', () => {
    expect(shortenAddress('0x123456789')).toBe('0x123…6789')
  })
})
