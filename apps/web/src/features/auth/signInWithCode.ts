import type { CharterUser } from '@charter/core'
import { postJson } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

type AuthenticateAnswer = {
  user: CharterUser
  token: string
  refresh_token: string
  is_new_user: boolean
  session_update_action: 'set'
}

/**
 * Signs in (or up) with the code that went to `destination`. The session lives in the httpOnly cookie the
 * server sets; the web app keeps no token of its own.
 */
export async function signInWithCode(destination: Destination, code: string): Promise<CharterUser> {
  const answer =
    destination.kind === 'phone'
      ? await postJson<AuthenticateAnswer>('/api/v1/passwordless_sms/authenticate', {
          phoneNumber: destination.phoneNumber,
          code,
        })
      : await postJson<AuthenticateAnswer>('/api/v1/passwordless/authenticate', {
          email: destination.email,
          code,
        })
  return answer.user
}
