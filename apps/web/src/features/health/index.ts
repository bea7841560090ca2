export { healthQueryOptions } from './healthQueryOptions.ts'
export { ModeBadge } from './ModeBadge.tsx'
export { ServerStatus } from './ServerStatus.tsx'
export { useHealth } from './useHealth.ts'
