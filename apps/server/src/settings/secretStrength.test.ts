import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keyWeakness, secretWeakness } from './secretStrength.ts'

describe('secretWeakness', () => {
  it.each([
    ['a'.repeat(40), 'one character repeated'],
    ['ab'.repeat(16), 'a pattern of 2 characters repeated'],
    ['Password1!'.repeat(4), 'a pattern of 10 characters repeated'],
    ['0123456789'.repeat(4), 'a pattern of 10 characters repeated'],
    ['aabbaabbaabbaabbaabbaabbaabbaabbx', 'only 3 distinct characters'],
    [`${'0'.repeat(40)}123456789abcdef`, 'mostly one character'],
    ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJ', 'a counting sequence'],
    ['000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'a counting sequence'],
  ])('refuses %s: %s', (secret, reason) => {
    expect(secretWeakness(secret)).toBe(reason)
  })

  it('passes what openssl rand -hex 32 and -base64 32 give, every time', () => {
    for (let i = 0; i < 500; i++) {
      expect(secretWeakness(randomBytes(32).toString('hex'))).toBeUndefined()
      expect(secretWeakness(randomBytes(24).toString('base64'))).toBeUndefined()
      expect(secretWeakness(randomBytes(16).toString('hex'))).toBeUndefined()
    }
  })
})

describe('keyWeakness', () => {
  it.each([
    ['00'.repeat(32), 'one byte repeated'],
    [`0x${'00'.repeat(31)}01`, 'only 2 distinct bytes'],
    ['abcd'.repeat(16), 'a pattern of 2 bytes repeated'],
    ['000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'a counting sequence'],
    ['ff'.repeat(20) + '0123456789abcdef0123456789abcdef'.slice(0, 24), 'mostly one byte'],
  ])('refuses %s: %s', (hex, reason) => {
    expect(keyWeakness(hex)).toBe(reason)
  })

  it('passes random keys, every time', () => {
    for (let i = 0; i < 1000; i++) expect(keyWeakness(randomBytes(32).toString('hex'))).toBeUndefined()
  })
})
