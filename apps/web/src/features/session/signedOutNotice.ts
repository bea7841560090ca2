import { useSyncExternalStore } from 'react'
import { ApiError } from '../../lib/api.ts'

/**
 * Why this tab was last signed out, for the sign-in screen to say: by this device, by another tab of this
 * browser, or by the server (another device signed out everywhere or this one, or the address changed). Kept
 * in memory only: a reload starts without it.
 */
export type SignedOutNotice = { title: string; text: string }

let current: SignedOutNotice | undefined
const listeners = new Set<() => void>()

export function setSignedOutNotice(notice: SignedOutNotice | undefined): void {
  current = notice
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSignedOutNotice = () => useSyncExternalStore(subscribe, () => current)

const checkSecurity = 'If that was not you, sign in and look at the Security page: it lists your devices.'

/**
 * What to say of a sign-out this browser did, here or in another tab; nothing for a plain sign-out here, which
 * the person just asked for.
 */
export const signedOutHere = (options: {
  everywhere?: boolean | undefined
  elsewhere?: boolean
}): SignedOutNotice | undefined =>
  options.everywhere
    ? {
        title: 'You signed out everywhere',
        text: `Every device and browser signed in to your account was signed out${options.elsewhere ? ', from another tab' : ''}, this one too. Each needs a new code to sign in again.`,
      }
    : options.elsewhere
      ? { title: 'You signed out', text: 'You signed out in another tab of this browser.' }
      : undefined

const byReason: Record<string, SignedOutNotice> = {
  signed_out: {
    title: 'You were signed out',
    text: 'This browser’s session was signed out. Sign in again to go on.',
  },
  signed_out_everywhere: {
    title: 'You were signed out everywhere',
    text: `Someone signed out everywhere from one of your devices, so this one was signed out too. ${checkSecurity}`,
  },
  signed_out_by_another_session: {
    title: 'This device was signed out',
    text: `It was signed out from another of your devices, on its Security page. ${checkSecurity}`,
  },
  address_changed: {
    title: 'You were signed out',
    text: `Your sign-in address was changed on another device, which signs out every other one. ${checkSecurity}`,
  },
  refresh_token_reused: {
    title: 'You were signed out to keep your account safe',
    text: 'This session’s sign-in was used from somewhere else, which means it was copied. Sign in again here.',
  },
}

/** What to say when the server refused this tab's session, from the reason it gave (none: say nothing). */
export function signedOutByServer(error: unknown): SignedOutNotice | undefined {
  if (!(error instanceof ApiError) || error.reason === undefined) return undefined
  return byReason[error.reason]
}
