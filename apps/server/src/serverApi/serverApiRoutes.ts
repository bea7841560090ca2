import { LoginError } from '@charter/core'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import type { Logger } from '../log/logger.ts'
import type { SessionVariables } from '../members/sessionMiddleware.ts'
import type { AppConfig } from './appConfig.ts'
import { type AppSecretOptions, appSecretRequired } from './appSecret.ts'
import {
  deleteUser,
  noSuchUser,
  userByEmail,
  userById,
  userByPhoneNumber,
  userByWalletAddress,
} from './userRecords.ts'

export type ServerApiOptions = AppSecretOptions & {
  logger: Logger
  /** The app's public configuration, given the time the database was set up. */
  config: (createdAt: Date) => AppConfig
}

/** A DID as Privy's and Charter's users have (`did:charter:…`); anything else names no user. */
const userId = z.strictObject({ id: z.string().regex(/^did:[a-z]{1,32}:[0-9a-z]{1,64}$/) })
const appId = z.strictObject({ app_id: z.string() })

const schemas = {
  email: z.strictObject({ address: z.string().min(1, 'is required').max(254, 'is too long') }),
  phone: z.strictObject({ number: z.string().min(1, 'is required').max(64, 'is too long') }),
  wallet: z.strictObject({ address: z.string().min(1, 'is required').max(100, 'is too long') }),
}

/** When this server's database was set up: its first migration. */
async function databaseSetUpAt(db: Db): Promise<Date> {
  const result = (await db.execute(sql`SELECT min(applied_at) AS at FROM charter_migrations`)) as unknown as {
    rows: { at: Date | string | null }[]
  }
  const at = result.rows[0]?.at
  return at ? new Date(at) : new Date()
}

/**
 * Privy's routes for an app's own server (`@privy-io/server-auth`): the users by id, email, phone number or
 * wallet, and deleting one, all behind the app secret (`appSecret.ts`); and the app's public configuration,
 * which Privy's client reads first and the server library reads for the key that verifies access tokens.
 */
export function serverApiRoutes(options: ServerApiOptions) {
  const { db, logger } = options
  const appSecret = appSecretRequired(options)
  let config: Promise<AppConfig> | undefined

  return (
    new Hono<{ Variables: SessionVariables }>()
      // Public: nothing in it is secret, so credentials sent with it are neither checked nor counted (Privy's
      // server library sends its secret with every request, this one too).
      .get('/apps/:app_id', pathParams(appId), async (c) => {
        if (c.req.valid('param').app_id !== options.appId) {
          return c.json(
            {
              error: 'There is no app with this id here. Check the app id the client was given (APP_ID).',
              code: 'not_found',
            },
            404,
          )
        }
        config ??= databaseSetUpAt(db)
          .then(options.config)
          .catch((error: unknown) => {
            // Asked again next time, rather than failing for good.
            config = undefined
            throw error
          })
        return c.json(await config)
      })
      // GET /users/me (the member's own, by session) is registered before these, and keeps that path.
      .get('/users/:id', appSecret, pathParams(userId, noSuchUser), async (c) =>
        c.json(await userById(db, c.req.valid('param').id)),
      )
      .delete('/users/:id', appSecret, pathParams(userId, noSuchUser), async (c) => {
        const { id } = c.req.valid('param')
        const destroy = c.req.query('destroy_unexported_keys')
        if (destroy !== undefined && destroy !== 'true') {
          throw new LoginError('invalid_data', { message: 'destroy_unexported_keys: true, or leave it out.' })
        }
        const deleted = await deleteUser(db, id, { destroyUnexportedKeys: destroy === 'true' })
        const destroyed = deleted.filter((wallet) => !wallet.exported).length
        logger.warn('A user was deleted through the server API', {
          user: id,
          wallets: deleted.length,
          keysNeverExported: destroyed,
        })
        return c.json({ success: true as const, deleted_wallets: deleted })
      })
      .post('/users/email/address', appSecret, jsonBody(schemas.email), async (c) =>
        c.json(await userByEmail(db, c.req.valid('json').address)),
      )
      .post('/users/phone/number', appSecret, jsonBody(schemas.phone), async (c) =>
        c.json(await userByPhoneNumber(db, c.req.valid('json').number)),
      )
      .post('/users/wallet/address', appSecret, jsonBody(schemas.wallet), async (c) =>
        c.json(await userByWalletAddress(db, c.req.valid('json').address)),
      )
  )
}
