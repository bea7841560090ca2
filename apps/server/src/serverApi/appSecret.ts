// serverApi/: what an app's own server calls with the app secret, over members/ and the tables; never
// wallets/.
import { createHash } from 'node:crypto'
import { LoginError } from '@charter/core'
import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../db/Database.ts'
import { equalInConstantTime } from '../http/equalInConstantTime.ts'
import type { RateLimitRule } from '../http/rateLimit.ts'
import { refuseWrongSecret, wrongSecretLimit } from '../http/wrongSecrets.ts'
import type { Logger } from '../log/logger.ts'

/** Wrong app secrets one client address may send in a window (`http/wrongSecrets.ts`: the right one always passes). */
export const appSecretFailureLimit: RateLimitRule = wrongSecretLimit

export type AppSecretOptions = {
  db: Db
  appId: string
  /** SHA-256 (hex) of APP_SECRET; undefined when it is not set, and the server API is off. */
  secretDigest: string | undefined
  trustProxy: number
  /** Where wrong secrets are noted (the address they came from, never what they were). */
  logger: Logger
}

const turnOn =
  'To turn it on, set APP_SECRET (at least 32 characters: openssl rand -hex 32) and restart Charter, then call it with HTTP Basic auth: the app id as the user name, APP_SECRET as the password.'

/** What a server-API route answers while APP_SECRET is not set. */
export const serverApiOff = () =>
  new LoginError('not_supported', {
    message: `This server's API for an app's own server (Privy's server library) is off. ${turnOn}`,
  })

/** The app id and secret of an `Authorization: Basic` header, or undefined when there is none to read. */
export function readBasicAuth(header: string | undefined): { appId: string; secret: string } | undefined {
  const encoded = header?.match(/^Basic\s+([A-Za-z0-9+/]{1,1024}={0,2})$/i)?.[1]
  if (!encoded) return undefined
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  return { appId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

/** Both halves are judged whatever the first says, and the secret by its digest in constant time. */
function matches(presented: { appId: string; secret: string }, appId: string, digest: string): boolean {
  const secretMatches = equalInConstantTime(
    createHash('sha256').update(presented.secret).digest(),
    Buffer.from(digest, 'hex'),
  )
  const appMatches = presented.appId === appId
  return secretMatches && appMatches
}

/**
 * Lets through only the app's own server: HTTP Basic with the app id and APP_SECRET, and `privy-app-id`, as
 * Privy's server library sends them. A session (cookie or bearer token) counts for nothing here. The right
 * secret always passes; wrong ones are logged and counted per client address (`appSecretFailureLimit`), and
 * past the limit answered 429. The secret itself is never logged or kept.
 */
export async function checkAppSecret(c: Context, options: AppSecretOptions): Promise<void> {
  const { appId, secretDigest } = options
  if (!secretDigest) throw serverApiOff()
  const presented = readBasicAuth(c.req.header('authorization'))
  if (!presented) {
    throw new LoginError('invalid_credentials', {
      message: `This route is for the app's own server only: send HTTP Basic auth, the app id as the user name and APP_SECRET as the password.`,
    })
  }
  if (!matches(presented, appId, secretDigest)) {
    await refuseWrongSecret(
      c,
      options,
      { noun: 'app secret', counter: 'app-secret-failures', where: 'the server API' },
      () => new LoginError('invalid_credentials', { message: 'The app id or the app secret is not right.' }),
    )
  }
  if (c.req.header('privy-app-id') !== appId) {
    throw new LoginError('missing_or_invalid_privy_app_id', {
      message: `Send the header privy-app-id: ${appId}.`,
    })
  }
}

/** `checkAppSecret` as a route's first step. */
export const appSecretRequired =
  (options: AppSecretOptions): MiddlewareHandler =>
  async (c, next) => {
    await checkAppSecret(c, options)
    await next()
  }
