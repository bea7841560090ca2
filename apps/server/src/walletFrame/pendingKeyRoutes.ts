import { LoginError, toUnixSeconds } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import { jsonBody } from '../http/validate.ts'
import { parseAuthorizationKey } from '../members/deviceKeys.ts'
import type { PendingKeys } from '../members/pendingKeys.ts'

/** A frame registers its key as it loads and every half hour while open: a few dozen an hour is a busy browser. */
const registrationsPerHour = { limit: 120, windowSeconds: 3600 }

const schema = z.strictObject({ public_key: z.string().min(1).max(512) })

/**
 * The wallet frame's one API route: `POST /embedded_wallets/pending_key {public_key}` keeps the frame's device key
 * for the sign-in that follows in the same browser (members/pendingKeys.ts). Only Charter's own pages may call it
 * (the frame is one): an app's page, even an allowed one, cannot choose the key its member's session is bound to.
 */
export function pendingKeyRoutes({
  db,
  pending,
  trustProxy,
  publicOrigin,
}: {
  db: Db
  pending: PendingKeys
  trustProxy: number
  /** PUBLIC_URL's origin: the frame's origin behind a proxy that rewrites Host. */
  publicOrigin: string | undefined
}) {
  const publicHost = hostOf(publicOrigin)
  return new Hono().post('/embedded_wallets/pending_key', jsonBody(schema), async (c) => {
    // The host guard has checked that Host is one of Charter's names; the frame's fetch names the same origin.
    const originHost = hostOf(c.req.header('origin'))
    const ownOrigin =
      originHost !== undefined &&
      (originHost === c.req.header('host')?.toLowerCase() || originHost === publicHost)
    if (!ownOrigin || c.req.header('sec-fetch-site') === 'cross-site') {
      throw new LoginError('invalid_data', {
        message: "Only Charter's wallet frame registers a device key for sign-in; send this from its page.",
      })
    }
    const body = c.req.valid('json')
    parseAuthorizationKey(body.public_key)
    const verdict = await consumeRateLimit(
      db,
      `pending-key:${clientAddress(c, trustProxy)}`,
      registrationsPerHour,
    )
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `Too many device keys were registered from this address. Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      )
    }
    const { expiresAt } = await pending.register(c, body.public_key)
    return c.json({ success: true as const, expires_at: toUnixSeconds(expiresAt) })
  })
}

function hostOf(origin: string | undefined): string | undefined {
  if (!origin) return undefined
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
