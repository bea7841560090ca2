import { type CharterUser, toUnixSeconds } from '@charter/core'
import { type AnswerTo, answer, type StubAnswer } from './stubAnswers.ts'

export const phoneUser: CharterUser = {
  id: 'did:charter:cm3np4u9j001rc8b73seqmqqk',
  created_at: 1_760_000_000,
  linked_accounts: [
    {
      type: 'phone',
      phoneNumber: '+14155552671',
      verified_at: 1_760_000_000,
      first_verified_at: 1_760_000_000,
      latest_verified_at: 1_760_000_000,
    },
  ],
  mfa_methods: [],
  is_guest: false,
  has_accepted_terms: false,
}

export const signedInAnswer = (
  user: CharterUser,
): StubAnswer<AnswerTo<'POST /api/v1/passwordless_sms/authenticate'>> =>
  answer({
    user,
    token: 'eyJ.test.token',
    refresh_token: 'refresh',
    is_new_user: false,
    session_update_action: 'set',
  })

export const codeSent = (): StubAnswer<AnswerTo<'POST /api/v1/passwordless_sms/init'>> =>
  answer({ success: true, expires_at: toUnixSeconds(Date.now()) + 600 })

/** `user` with an email address too, as a link leaves them. */
export const withEmail = (user: CharterUser, address: string): CharterUser => ({
  ...user,
  linked_accounts: [
    ...user.linked_accounts,
    { type: 'email', address, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 },
  ],
})
