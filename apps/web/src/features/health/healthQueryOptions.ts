import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'

export const getHealth = () => answerOf(api.health.$get())

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 60_000 })
