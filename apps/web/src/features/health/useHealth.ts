import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from './healthQueryOptions.ts'

export const useHealth = () => useQuery(healthQueryOptions())
