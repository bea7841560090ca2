import { useQuery } from '@tanstack/react-query'
import { heldActionsQueryOptions } from './heldActions.ts'

/**
 * This session's new-device hold: when it ends (Unix seconds; null once it is over, undefined while unknown), and
 * what the member's new devices moved already of their budget, per chain and asset.
 */
export function useNewDeviceHold() {
  const held = useQuery(heldActionsQueryOptions())
  return { holdEndsAt: held.data?.hold_ends_at, budget: held.data?.budget }
}
