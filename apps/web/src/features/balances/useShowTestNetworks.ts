import { useCallback, useState } from 'react'

const storageKey = 'charter.showTestNetworks'

const stored = () => {
  try {
    return localStorage.getItem(storageKey) === 'true'
  } catch {
    return false
  }
}

/** The member's "Show test networks" choice, kept in this browser (a preference, not a secret). */
export function useShowTestNetworks(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(stored)
  const change = useCallback((next: boolean) => {
    setShow(next)
    try {
      localStorage.setItem(storageKey, String(next))
    } catch {
      // Storage refused (private mode): the choice lasts as long as the page.
    }
  }, [])
  return [show, change]
}
