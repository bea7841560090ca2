import { ApiError, answerOf, api } from '../../lib/api.ts'
import { setSignedOutNotice, signedOutByServer } from './signedOutNotice.ts'

/** The signed-in user, or null when this browser has no live session. */
export async function getCurrentUser() {
  try {
    const { user } = await answerOf(api.v1.users.me.$get())
    return user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The session was ended elsewhere (another device signed out everywhere): the sign-in screen says so.
      const notice = signedOutByServer(error)
      if (notice) setSignedOutNotice(notice)
      return null
    }
    throw error
  }
}
