import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { describeErrorForLog } from './describeErrorForLog.ts'

describe('describeErrorForLog', () => {
  it('keeps a failed query’s SQL and the database’s reason, never its parameters or the row it quotes', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "wallets_address"'),
      {
        code: '23505',
        constraint: 'wallets_address',
        detail: 'Key (address)=(0xsecret) already exists.',
      },
    )
    const error = new DrizzleQueryError(
      'insert into "wallets" values ($1, $2)',
      ['0xsecret', 'sealed-key'],
      cause,
    )
    const logged = JSON.stringify(describeErrorForLog(error))
    expect(logged).toContain('insert into \\"wallets\\" values ($1, $2)')
    expect(logged).toContain('23505')
    expect(logged).not.toContain('0xsecret')
    expect(logged).not.toContain('sealed-key')
  })

  it('keeps the stack of any other error', () => {
    expect(describeErrorForLog(new TypeError('boom')).error).toContain('TypeError: boom')
  })
})
