import { useEffect, useState } from 'react'

const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000))

/** Whole seconds left until `until` (milliseconds since the epoch), ticking down to 0 once a second. */
export function useSecondsLeft(until: number): number {
  const [left, setLeft] = useState(() => secondsUntil(until))
  useEffect(() => {
    const timer = setInterval(() => {
      const next = secondsUntil(until)
      setLeft(next)
      if (next === 0) clearInterval(timer)
    }, 1_000)
    return () => clearInterval(timer)
  }, [until])
  return left
}
