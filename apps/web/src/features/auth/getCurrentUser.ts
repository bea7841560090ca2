import type { CharterUser } from '@charter/core'
import { ApiError, api } from '../../lib/api.ts'

/** The signed-in user, or null when this browser has no live session. */
export async function getCurrentUser(): Promise<CharterUser | null> {
  try {
    const { user } = await api<{ user: CharterUser }>('/api/v1/users/me')
    return user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}
