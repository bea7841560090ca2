export { healthQueryOptions } from './healthQueryOptions.ts'
export { ModeBadge } from './ModeBadge.tsx'
export { useHealth } from './useHealth.ts'
