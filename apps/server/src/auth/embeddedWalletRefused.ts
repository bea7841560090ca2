import { LoginError } from '@charter/core'

/**
 * A Charter-embedded wallet offered as an outside one, to link to `linkingUserId`'s account or (undefined) to sign
 * in with: refused to every account, its own member's too, since a wallet Charter keeps is reached through its
 * member's sign-in, never by signing with its key (exported, or made to sign through the wallet API).
 */
export function embeddedWalletRefused(owner: string, linkingUserId: string | undefined): LoginError {
  if (linkingUserId === undefined) {
    return new LoginError('invalid_data', {
      message:
        'This is a wallet Charter keeps for a member, so it cannot sign in as a wallet of its own. Sign in with the phone number or email address of the account it belongs to.',
    })
  }
  return owner === linkingUserId
    ? new LoginError('invalid_data', {
        message:
          'This is a wallet Charter keeps for you: it is already on your account, and cannot also be linked as a wallet of your own.',
      })
    : new LoginError('linked_to_another_user', {
        message:
          'This is a wallet Charter keeps for another account, so it cannot be linked to yours. Link a wallet you hold yourself.',
      })
}
