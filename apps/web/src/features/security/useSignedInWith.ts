import { useQuery } from '@tanstack/react-query'
import { sessionsQueryOptions } from './securityApi.ts'

/**
 * Which address this browser's session signed in with, as `GET /api/v1/sessions` marks the current one;
 * undefined while the list loads, if it fails, or for a session whose sign-in was not recorded.
 */
export function useSignedInWith(): 'phone' | 'email' | undefined {
  const sessions = useQuery(sessionsQueryOptions())
  const kind = sessions.data?.find((session) => session.current)?.signed_in_with
  // A session that signed in with a wallet signed in with no address: the member is named as when unknown.
  return kind === 'phone' || kind === 'email' ? kind : undefined
}
