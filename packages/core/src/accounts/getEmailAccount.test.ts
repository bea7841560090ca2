import { describe, expect, it } from 'vitest'
import { email, evmWallet, phone, user } from './__fixtures__/accounts.ts'
import { getEmailAccount } from './getEmailAccount.ts'

describe('getEmailAccount', () => {
  it('finds the email account among the others', () => {
    expect(getEmailAccount(user)).toBe(email)
    expect(getEmailAccount(user)?.address).toBe('ada@example.org')
  })

  it('is undefined for a user who logged in by phone', () => {
    expect(getEmailAccount({ linked_accounts: [phone, evmWallet] })).toBeUndefined()
  })
})
