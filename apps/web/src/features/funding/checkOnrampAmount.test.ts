import { describe, expect, it } from 'vitest'
import { checkOnrampAmount } from './checkOnrampAmount.ts'

describe('checkOnrampAmount', () => {
  it('takes no amount as none, and an amount as the link carries it', () => {
    expect(checkOnrampAmount('')).toEqual({ amount: undefined })
    expect(checkOnrampAmount('   ')).toEqual({ amount: undefined })
    expect(checkOnrampAmount('25')).toEqual({ amount: '25' })
    expect(checkOnrampAmount('.5')).toEqual({ amount: '0.5' })
    expect(checkOnrampAmount(' 0.25 ')).toEqual({ amount: '0.25' })
  })

  it('says in words what is wrong with an amount the link would refuse', () => {
    expect(checkOnrampAmount('1,5')).toEqual({ error: 'Use a dot for decimals, for example 0.5.' })
    expect(checkOnrampAmount('0')).toEqual({ error: 'Enter an amount above zero.' })
    expect(checkOnrampAmount('0.00')).toEqual({ error: 'Enter an amount above zero.' })
    expect(checkOnrampAmount('-3')).toEqual({ error: 'Enter an amount above zero.' })
    for (const typed of ['abc', '1e3', '1.2.3', '.', '25 USDC', '$25']) {
      expect(checkOnrampAmount(typed), typed).toEqual({
        error: 'Enter a number such as 25 or 0.5: digits and at most one dot.',
      })
    }
  })
})
