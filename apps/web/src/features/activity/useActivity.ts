import { useQuery } from '@tanstack/react-query'
import { activityQueryOptions } from './activityQueryOptions.ts'

export const useActivity = () => useQuery(activityQueryOptions())
