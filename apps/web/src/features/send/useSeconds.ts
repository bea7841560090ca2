import { useEffect, useState } from 'react'

/** Whole seconds since `since` (ms since the epoch), counted up once a second while `running`. */
export function useSeconds(since: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [running])
  return Math.max(0, Math.floor((now - since) / 1000))
}
