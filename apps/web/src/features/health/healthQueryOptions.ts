import type { Health } from '@charter/server'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'

export const getHealth = () => api<Health>('/api/health')

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 60_000 })
