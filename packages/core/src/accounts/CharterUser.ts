import type { LinkedAccount } from './LinkedAccount.ts'
import type { UnixSeconds } from './UnixSeconds.ts'

/** A user as the login provider's routes answer it, in Privy's shape. */
export type CharterUser = {
  /** A DID, e.g. 'did:privy:cm3np4u9j001rc8b73seqmqqk'. */
  id: `did:${string}`
  created_at: UnixSeconds
  linked_accounts: LinkedAccount[]
  /**
   * Empty: Charter asks for a member's passkey itself (a `passkey` linked account), and Privy's SDKs, seeing an MFA
   * method here, would start an MFA flow of their own that Charter does not serve.
   */
  mfa_methods: []
  is_guest: boolean
  has_accepted_terms: boolean
}
