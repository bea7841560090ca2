import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { InvalidOnrampParameterError } from './InvalidOnrampParameterError.ts'
import { normalizeOnrampAmount } from './normalizeOnrampAmount.ts'

describe('normalizeOnrampAmount', () => {
  it('puts a 0 before an amount that starts with a dot', () => {
    expect(normalizeOnrampAmount('.5')).toBe('0.5')
    expect(normalizeOnrampAmount('.000001')).toBe('0.000001')
  })

  it('leaves other positive decimals as they are', () => {
    expect(normalizeOnrampAmount('0.5')).toBe('0.5')
    expect(normalizeOnrampAmount('25')).toBe('25')
    expect(normalizeOnrampAmount('10.25')).toBe('10.25')
    expect(normalizeOnrampAmount('0.000000000000000001')).toBe('0.000000000000000001')
    expect(normalizeOnrampAmount('100000000')).toBe('100000000')
  })

  it('refuses zero', () => {
    for (const amount of ['0', '0.0', '.0', '000', '0.000']) {
      expect(() => normalizeOnrampAmount(amount), amount).toThrowError(/above zero/)
    }
  })

  it('refuses what is not a plain positive decimal', () => {
    for (const amount of [
      '',
      '.',
      '5.',
      '-1',
      '-.5',
      '+1',
      '1e5',
      '1,5',
      '1 000',
      ' 1',
      '1 ',
      '0x10',
      'NaN',
      'abc',
      '1.2.3',
    ]) {
      try {
        normalizeOnrampAmount(amount)
        expect.unreachable(amount)
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidOnrampParameterError)
        expect(error).toBeInstanceOf(BaseError)
        const invalid = error as InvalidOnrampParameterError
        expect(invalid.parameter).toBe('presetCryptoAmount')
        expect(invalid.shortMessage).toBe("The on-ramp link's presetCryptoAmount is not valid")
        expect(invalid.details).toContain('positive decimal')
        expect(invalid.code).toBe('invalid_onramp_parameter')
      }
    }
  })
})
