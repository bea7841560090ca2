import { ApiError, answerOf, api } from '../../lib/api.ts'

/** The signed-in user, or null when this browser has no live session. */
export async function getCurrentUser() {
  try {
    const { user } = await answerOf(api.v1.users.me.$get())
    return user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}
