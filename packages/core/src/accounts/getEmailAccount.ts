import type { CharterUser } from './CharterUser.ts'
import type { EmailAccount } from './EmailAccount.ts'

/** The user's email account; a user has at most one (Privy's rule), so the first is the one. */
export function getEmailAccount(user: Pick<CharterUser, 'linked_accounts'>): EmailAccount | undefined {
  return user.linked_accounts.find((account): account is EmailAccount => account.type === 'email')
}
