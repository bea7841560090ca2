import { type RefObject, useEffect } from 'react'

/**
 * Moves focus to `ref` when it first appears, if `enabled`: after a step changes the screen, keyboard and
 * screen-reader users land where they continue instead of at the top of the page. Not on first load.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, enabled: boolean | undefined): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, by design.
  useEffect(() => {
    if (enabled) ref.current?.focus()
  }, [])
}
