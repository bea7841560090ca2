import { useEffect, useState } from 'react'

/** Whether `ms` have passed since `since` (milliseconds since the epoch); re-renders once when they have. */
export function useElapsed(since: number, ms: number): boolean {
  const [elapsed, setElapsed] = useState(() => Date.now() - since >= ms)
  useEffect(() => {
    const left = since + ms - Date.now()
    if (left <= 0) {
      setElapsed(true)
      return
    }
    setElapsed(false)
    const timer = setTimeout(() => setElapsed(true), left)
    return () => clearTimeout(timer)
  }, [since, ms])
  return elapsed
}
