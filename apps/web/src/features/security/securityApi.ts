import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'

export const securityQueryKey = ['security'] as const

/** The member's live sessions, as `GET /api/v1/sessions` answers them: most recently used first. */
const getSessions = async () => (await answerOf(api.v1.sessions.$get())).sessions

/** The sensitive actions on the account, as `GET /api/v1/users/me/events` answers them: newest first. */
const getAccountEvents = async () => (await answerOf(api.v1.users.me.events.$get())).events

/** One live session of the member; `current` is this browser's. */
export type MemberSession = Awaited<ReturnType<typeof getSessions>>[number]

/** One sensitive action on the account. */
export type AccountEvent = Awaited<ReturnType<typeof getAccountEvents>>[number]

/** Asked again each time the page opens (staleTime 0): another device may have signed in a moment ago. */
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: [...securityQueryKey, 'sessions'], queryFn: getSessions, staleTime: 0 })

export const accountEventsQueryOptions = () =>
  queryOptions({ queryKey: [...securityQueryKey, 'events'], queryFn: getAccountEvents, staleTime: 0 })

/** Ends one of the member's sessions (another device's); its next request is refused. */
export const endSession = (id: string) =>
  answerOf(api.v1.sessions[':id'].logout.$post({ param: { id: encodeURIComponent(id) } }))
