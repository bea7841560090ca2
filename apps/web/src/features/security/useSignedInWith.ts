import { useQuery } from '@tanstack/react-query'
import { sessionsQueryOptions } from './securityApi.ts'

/**
 * Which address this browser's session signed in with, as `GET /api/v1/sessions` marks the current one;
 * undefined while the list loads, if it fails, or for a session whose sign-in was not recorded.
 */
export function useSignedInWith(): 'phone' | 'email' | undefined {
  const sessions = useQuery(sessionsQueryOptions())
  return sessions.data?.find((session) => session.current)?.signed_in_with ?? undefined
}
