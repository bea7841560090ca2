import { LoginError } from '@charter/core'
import type { Context } from 'hono'

/**
 * The value of cookie `name`, refusing a request that carries it more than once: a page on a sibling origin may
 * have planted a second one to make the browser send the planted value first. `what` names the cookie to the
 * person ("session cookies"), `nextStep` says what to do after clearing the site's cookies.
 */
export function readSingleCookie(
  c: Context,
  name: string,
  words: { what: string; nextStep: string },
): string | undefined {
  const header = c.req.header('cookie')
  if (!header) return undefined
  const values = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1))
  if (values.length > 1) {
    throw new LoginError('invalid_data', {
      message: `The request carries ${values.length} ${words.what}; a page may have planted one. Clear this site's cookies and ${words.nextStep}.`,
    })
  }
  return values[0] || undefined
}
