import { queryOptions } from '@tanstack/react-query'
import { getCurrentUser } from './getCurrentUser.ts'

export const currentUserQueryKey = ['auth', 'currentUser'] as const

/**
 * Asked on load (a reload keeps you signed in) and again whenever the tab regains focus (staleTime 0), so a
 * sign-out in another tab or an expired session shows without a reload.
 */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 0 })
