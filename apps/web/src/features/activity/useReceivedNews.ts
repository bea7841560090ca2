import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { balanceQueryPrefix } from '../balances/index.ts'
import { activityQueryKey } from './activityQueryOptions.ts'
import type { ReceivedNews } from './ReceivedMoney.ts'
import { markReceivedNewsSeen } from './receivedNewsApi.ts'
import { receivedNewsQueryOptions } from './receivedNewsQueryOptions.ts'

/**
 * The money received to tell the member of, each piece once: polled with the balances; what is new is shown,
 * marked seen on the server (so neither this tab, another, nor the next visit tells it again), and makes the
 * balances and the activity read again, so the numbers change with the words. A mark that fails is tried again
 * at the next poll; what this page has told stays told meanwhile.
 */
export function useReceivedNews() {
  const queryClient = useQueryClient()
  const news = useQuery(receivedNewsQueryOptions())
  const [told, setTold] = useState<ReceivedNews[]>([])
  const announced = useRef(new Set<number>())
  const markedThrough = useRef(0)

  const { data, dataUpdatedAt } = news
  // Each answer, even one alike the last (kept as the same object), is a chance to mark what is still unmarked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt is what says another answer came.
  useEffect(() => {
    const pieces = data ?? []
    if (pieces.length === 0) return
    const fresh = pieces.filter((piece) => !announced.current.has(piece.id))
    for (const piece of fresh) announced.current.add(piece.id)
    if (fresh.length > 0) {
      setTold((now) => [...now, ...fresh])
      void queryClient.invalidateQueries({ queryKey: balanceQueryPrefix })
      void queryClient.invalidateQueries({ queryKey: activityQueryKey })
    }
    const through = Math.max(...pieces.map((piece) => piece.id))
    if (through > markedThrough.current) {
      markReceivedNewsSeen(through).then(
        () => {
          markedThrough.current = Math.max(markedThrough.current, through)
        },
        () => {
          // Not marked: the next poll brings the same pieces back, and marks them then.
        },
      )
    }
  }, [data, dataUpdatedAt, queryClient])

  const dismiss = useCallback(() => setTold([]), [])
  return { told, dismiss }
}
