import { useQuery } from '@tanstack/react-query'
import { heldActionsQueryOptions } from '../export/index.ts'

/** When this session's new-device hold ends (Unix seconds), null once it is over; undefined while unknown. */
export function useHoldEndsAt(): number | null | undefined {
  const held = useQuery(heldActionsQueryOptions())
  return held.data?.hold_ends_at
}
