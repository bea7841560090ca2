import { useSyncExternalStore } from 'react'

// Whether a code is waiting on the proof-of-work check: one page, one send at a time, so one flag will do.
let checking = false
const listeners = new Set<() => void>()

function setChecking(value: boolean) {
  checking = value
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True while a send waits on the browser check, so its button can say "Checking this browser…". */
export const useBrowserCheck = (): boolean => useSyncExternalStore(subscribe, () => checking)

/** Runs the check and the send that follows it, marked as checking throughout. */
export async function whileCheckingBrowser<T>(task: () => Promise<T>): Promise<T> {
  setChecking(true)
  try {
    return await task()
  } finally {
    setChecking(false)
  }
}
