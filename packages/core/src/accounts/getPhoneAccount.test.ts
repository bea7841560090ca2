import { describe, expect, it } from 'vitest'
import { email, evmWallet, phone, user } from './__fixtures__/accounts.ts'
import { getPhoneAccount } from './getPhoneAccount.ts'

describe('getPhoneAccount', () => {
  it('finds the phone account among the others', () => {
    expect(getPhoneAccount(user)).toBe(phone)
    expect(getPhoneAccount(user)?.phoneNumber).toBe('+14155550100')
  })

  it('is undefined for a user who logged in by email', () => {
    expect(getPhoneAccount({ linked_accounts: [email, evmWallet] })).toBeUndefined()
  })
})
