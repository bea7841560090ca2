import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'

export type DeviceCookie = {
  /** The device token the browser carries, if it looks like one of ours. */
  read: (c: Context) => string | undefined
  set: (c: Context, token: string) => void
}

// Chromium caps a cookie's life at 400 days; the cookie is set again at every sign-in, so it rarely runs out.
const maxAgeSeconds = 400 * 24 * 3600

/**
 * The browser's device cookie: a random token that lets sign-in tell a browser the account used before from a
 * new one. It proves nothing (it only decides whether the account's other addresses are told), so it is never a
 * credential; httpOnly, SameSite=Lax, and `__Host-` prefixed and Secure in production like the session cookie.
 */
export function deviceCookie(secure: boolean): DeviceCookie {
  const name = secure ? '__Host-charter-device' : 'charter-device'
  return {
    read: (c) => {
      const value = getCookie(c, name)
      return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined
    },
    set: (c, token) =>
      setCookie(c, name, token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure,
        path: '/',
        maxAge: maxAgeSeconds,
      }),
  }
}
