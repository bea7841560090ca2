import { useInfiniteQuery } from '@tanstack/react-query'
import { activityQueryOptions } from './activityQueryOptions.ts'

export const useActivity = () => useInfiniteQuery(activityQueryOptions())
