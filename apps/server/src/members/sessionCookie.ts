import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { readSingleCookie } from '../http/readSingleCookie.ts'

export type SessionCookie = {
  name: string
  /** The session token the request carries; `invalid_data` when it carries two (a planted second cookie). */
  read: (c: Context) => string | undefined
  set: (c: Context, token: string, expires: Date) => void
  clear: (c: Context) => void
}

/**
 * The browser's session cookie: httpOnly, SameSite=Lax. In production it is `__Host-` prefixed and Secure, so
 * the browser accepts it only from this exact origin over HTTPS: a sibling subdomain cannot plant or shadow it.
 */
export function sessionCookie(secure: boolean): SessionCookie {
  const name = secure ? '__Host-charter-session' : 'charter-session'
  return {
    name,
    // Tokens are base64url, which cookies carry as they are: nothing to decode.
    read: (c) => readSingleCookie(c, name, { what: 'session cookies', nextStep: 'sign in again' }),
    set: (c, token, expires) =>
      setCookie(c, name, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires }),
    clear: (c) => deleteCookie(c, name, { path: '/', secure }),
  }
}
