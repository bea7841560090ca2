import { LoginError } from '@charter/core'
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'

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
    read: (c) => {
      const header = c.req.header('cookie')
      if (!header) return undefined
      const values = header
        .split(';')
        .map((pair) => pair.trim())
        .filter((pair) => pair.startsWith(`${name}=`))
        .map((pair) => pair.slice(name.length + 1))
      if (values.length > 1) {
        throw new LoginError('invalid_data', {
          message: `The request carries ${values.length} session cookies; a page may have planted one. Clear this site's cookies and sign in again.`,
        })
      }
      // Tokens are base64url, which cookies carry as they are: nothing to decode.
      return values[0] || undefined
    },
    set: (c, token, expires) =>
      setCookie(c, name, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires }),
    clear: (c) => deleteCookie(c, name, { path: '/', secure }),
  }
}
