import { queryOptions } from '@tanstack/react-query'
import { getOfferedChains } from './chainsApi.ts'

/** The chains this server offers: they change only with its settings, so once a session is enough. */
export const chainsQueryOptions = () =>
  queryOptions({ queryKey: ['chains'], queryFn: getOfferedChains, staleTime: Number.POSITIVE_INFINITY })
