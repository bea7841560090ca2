import { useQuery } from '@tanstack/react-query'
import { currentUserQueryOptions } from './currentUserQueryOptions.ts'

export const useCurrentUser = () => useQuery(currentUserQueryOptions())
