import { useEffect, useState } from 'react'

/** The time (ms since the epoch), read again every `everyMs`, so a shown duration keeps counting. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
