import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'

/** Whom the member shares an organisation with now, by name, with their first wallets (`GET /organizations/colleagues`). */
export const getColleagues = async () => (await answerOf(api.v1.organizations.colleagues.$get())).colleagues

/** A colleague as the server answers one: `label` (a name, else an email or phone), the organisations shared. */
export type Colleague = Awaited<ReturnType<typeof getColleagues>>[number]

/**
 * The member's colleagues, read once a minute at most: who joins or leaves an organisation changes rarely, and a
 * label missing for a moment only shows the bare address.
 */
export const colleaguesQueryOptions = () =>
  queryOptions({ queryKey: ['colleagues'], queryFn: getColleagues, staleTime: 60_000, retry: false })
