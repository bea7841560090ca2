import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { clientAddress } from '../http/clientAddress.ts'
import { readSingleCookie } from '../http/readSingleCookie.ts'
import { randomToken } from './digests.ts'

/**
 * Who asks for or tries a code. A code belongs to the client flow that asked for it, so nobody else can burn it
 * or use up its tries: a browser's flow is its flow cookie; a caller that keeps no cookies (Privy's clients
 * outside a browser) is its client address.
 */
export type CodeCaller = {
  /** The client's IP address: what the per-client allowances count. */
  address: string
  /** The flows a code sent now is good for. */
  sendsTo: string[]
  /** The flow whose code a try is checked against. */
  tries: string
}

export type CodeFlows = {
  /** A request that asks for a code: keeps the flow cookie, or starts one. */
  asking: (c: Context) => CodeCaller
  /** A request that tries a code (sign in, link, change, confirm a step). */
  trying: (c: Context) => CodeCaller
}

/** Flow cookies are `randomToken()`s: 43 base64url characters. Anything else is no flow cookie. */
const flowValue = /^[A-Za-z0-9_-]{43}$/
const cookieFlow = (value: string) => `cookie:${value}`
/** The flow of a caller that keeps no cookies: its client address. */
export const addressFlow = (address: string) => `address:${address}`
/** Long enough for a code asked for now and used later today; each ask starts the day again. */
const flowCookieSeconds = 86_400

/**
 * The flow cookie: random, httpOnly, SameSite=Lax, and in production `__Host-` prefixed and Secure like the
 * session cookie, so a sibling subdomain cannot plant a flow it knows into a member's browser.
 */
export function codeFlows(options: { secure: boolean; trustProxy: number }): CodeFlows {
  const name = options.secure ? '__Host-charter-code-flow' : 'charter-code-flow'

  function read(c: Context): string | undefined {
    const value = readSingleCookie(c, name, { what: 'code-flow cookies', nextStep: 'try again' })
    return value && flowValue.test(value) ? value : undefined
  }

  return {
    asking(c) {
      const address = clientAddress(c, options.trustProxy)
      const kept = read(c)
      const value = kept ?? randomToken()
      setCookie(c, name, value, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.secure,
        path: '/',
        maxAge: flowCookieSeconds,
      })
      // A first ask cannot tell a browser from a caller that keeps no cookies: its code is good for the new
      // cookie and for the client address. Once a request brings the cookie back, codes are good for it alone.
      const sendsTo = kept ? [cookieFlow(value)] : [cookieFlow(value), addressFlow(address)]
      return { address, sendsTo, tries: kept ? cookieFlow(value) : addressFlow(address) }
    },
    trying(c) {
      const address = clientAddress(c, options.trustProxy)
      const kept = read(c)
      const tries = kept ? cookieFlow(kept) : addressFlow(address)
      return { address, sendsTo: [tries], tries }
    },
  }
}
