import { useQuery } from '@tanstack/react-query'
import { colleaguesQueryOptions } from './colleaguesApi.ts'
import { type ChainFamily, findColleague } from './findColleague.ts'

/** The colleague whose wallet `address` is, once the list is read; undefined for anyone else, or while reading. */
export function useColleague(chainType: ChainFamily, address: string | undefined) {
  const { data } = useQuery(colleaguesQueryOptions())
  return findColleague(data, chainType, address)
}
