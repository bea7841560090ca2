import type { UnixSeconds } from '@charter/core'
import { queryOptions } from '@tanstack/react-query'
import { api, postJson } from '../../lib/api.ts'

/** One live session of the member, as `GET /api/v1/sessions` answers it (most recently used first). */
export type MemberSession = {
  id: string
  /** This browser's session. */
  current: boolean
  user_agent: string | null
  client_address: string | null
  created_at: UnixSeconds
  last_seen_at: UnixSeconds
  expires_at: UnixSeconds
  has_device_key: boolean
}

/** One sensitive action on the account, as `GET /api/v1/users/me/events` answers it (newest first). */
export type AccountEvent = {
  id: string
  kind:
    | 'address_added'
    | 'address_changed'
    | 'device_added'
    | 'signed_out_everywhere'
    | 'signed_out_session'
    | 'key_exported'
  summary: string
  created_at: UnixSeconds
}

export const securityQueryKey = ['security'] as const

/** Asked again each time the page opens (staleTime 0): another device may have signed in a moment ago. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: [...securityQueryKey, 'sessions'],
    queryFn: async () => (await api<{ sessions: MemberSession[] }>('/api/v1/sessions')).sessions,
    staleTime: 0,
  })

export const accountEventsQueryOptions = () =>
  queryOptions({
    queryKey: [...securityQueryKey, 'events'],
    queryFn: async () => (await api<{ events: AccountEvent[] }>('/api/v1/users/me/events')).events,
    staleTime: 0,
  })

/** Ends one of the member's sessions (another device's); its next request is refused. */
export const endSession = (id: string) =>
  postJson<{ success: true }>(`/api/v1/sessions/${encodeURIComponent(id)}/logout`)
