import type { CharterUser } from './CharterUser.ts'
import type { PhoneAccount } from './PhoneAccount.ts'

/** The user's phone number account; a user has at most one (Privy's rule), so the first is the one. */
export function getPhoneAccount(user: Pick<CharterUser, 'linked_accounts'>): PhoneAccount | undefined {
  return user.linked_accounts.find((account): account is PhoneAccount => account.type === 'phone')
}
