import { and, eq, gt } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { Db } from '../db/Database.ts'
import { pendingDeviceKeys } from '../db/schema.ts'
import { readSingleCookie } from '../http/readSingleCookie.ts'
import { randomToken, sha256Hex } from './digests.ts'

/** How long a key the frame registered waits for the sign-in that binds it; the frame registers it again sooner. */
export const pendingKeyLifetimeMs = 60 * 60_000

/**
 * `__Host-`: only this origin can set it (no sibling subdomain plants one). Secure and SameSite=None, so that it
 * rides an app's credentialed request from another site; Partitioned (CHIPS), so a browser that blocks third-party
 * cookies still keeps it, in the jar of the app's site, which the frame and the app's requests share. Browsers
 * treat http://localhost and 127.0.0.1 as secure, so the same cookie works on Charter's embedded defaults.
 */
const cookieName = '__Host-charter-pending-key'
const tokenShape = /^[A-Za-z0-9_-]{43}$/

export type PendingKeys = {
  /**
   * Keeps `publicKey` (SPKI, base64, already checked) for the browser of `c` and sets its cookie: the code sign-in
   * that follows in that browser binds its new session to it.
   */
  register(c: Context, publicKey: string, now?: Date): Promise<{ expiresAt: Date }>
  /**
   * The key named by the browser's cookie, taken: deleted as it is read (one sign-in binds it, never two), and
   * the cookie cleared. Undefined for no cookie, or a key that expired or was taken already.
   */
  take(c: Context, now?: Date): Promise<string | undefined>
}

export function pendingKeys(db: Db): PendingKeys {
  const read = (c: Context) => {
    const value = readSingleCookie(c, cookieName, {
      what: 'pending-key cookies',
      nextStep: 'reload the page',
    })
    return value && tokenShape.test(value) ? value : undefined
  }
  return {
    async register(c, publicKey, now = new Date()) {
      const token = randomToken()
      const expiresAt = new Date(now.getTime() + pendingKeyLifetimeMs)
      await db.insert(pendingDeviceKeys).values({ tokenDigest: sha256Hex(token), publicKey, expiresAt })
      // The key the browser registered before, if any, is of no use any more: one pending key per browser.
      const previous = read(c)
      if (previous)
        await db.delete(pendingDeviceKeys).where(eq(pendingDeviceKeys.tokenDigest, sha256Hex(previous)))
      setCookie(c, cookieName, token, {
        httpOnly: true,
        secure: true,
        sameSite: 'None',
        partitioned: true,
        path: '/',
        maxAge: pendingKeyLifetimeMs / 1000,
      })
      return { expiresAt }
    },
    async take(c, now = new Date()) {
      const token = read(c)
      if (!token) return undefined
      deleteCookie(c, cookieName, { secure: true, sameSite: 'None', partitioned: true, path: '/' })
      const [row] = await db
        .delete(pendingDeviceKeys)
        .where(and(eq(pendingDeviceKeys.tokenDigest, sha256Hex(token)), gt(pendingDeviceKeys.expiresAt, now)))
        .returning({ publicKey: pendingDeviceKeys.publicKey })
      return row?.publicKey
    },
  }
}
