import { type RefObject, useCallback, useLayoutEffect, useState } from 'react'
import { hasReachedEnd, overflows } from './hasReachedEnd.ts'

export type SeenEnd = {
  /** Whether the end of the box has been on screen at least once; it stays true. */
  seen: boolean
  /** Whether the box scrolls (then it takes focus, so the keyboard can scroll it). */
  scrolls: boolean
  /** Call on the box's scroll events. */
  onScroll: () => void
}

/**
 * Whether a person has had the end of a scrolling box on screen: at once when it all fits, otherwise once it has
 * been scrolled to the bottom. Measured again when the box changes size (a narrower window, a rotated phone).
 */
export function useSeenEnd(box: RefObject<HTMLElement | null>): SeenEnd {
  const [state, setState] = useState({ seen: false, scrolls: false })
  const measure = useCallback(() => {
    const element = box.current
    // Not laid out yet (a dialog not yet open): its zero sizes would read as "all of it fits".
    if (!element || element.getClientRects().length === 0) return
    setState((was) => {
      const now = { seen: was.seen || hasReachedEnd(element), scrolls: overflows(element) }
      return now.seen === was.seen && now.scrolls === was.scrolls ? was : now
    })
  }, [box])

  useLayoutEffect(() => {
    measure()
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    for (const child of element.children) observer.observe(child)
    return () => observer.disconnect()
  }, [box, measure])

  return { ...state, onScroll: measure }
}
