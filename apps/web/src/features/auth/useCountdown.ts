import { useEffect, useState } from 'react'

const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000))

/** Whole seconds left until `until` (milliseconds since the epoch), ticking down to 0. */
export function useCountdown(until: number): number {
  const [left, setLeft] = useState(() => secondsUntil(until))
  useEffect(() => {
    setLeft(secondsUntil(until))
    if (until <= Date.now()) return
    const timer = setInterval(() => {
      setLeft(secondsUntil(until))
      if (Date.now() >= until) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [until])
  return left
}
