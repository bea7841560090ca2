import { randomBytes } from 'node:crypto'
import {
  InvalidOnrampParameterError,
  isOnrampNetwork,
  LoginError,
  normalizeOnrampAmount,
  type OnrampNetwork,
} from '@charter/core'
import { eq } from 'drizzle-orm'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Chains } from '../chains/Chains.ts'
import type { PublicChain } from '../chains/ServedChain.ts'
import type { Db } from '../db/Database.ts'
import { wallets } from '../db/schema.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { consumeRateLimit, type RateLimitRule } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import { jsonBody, queryParams } from '../http/validate.ts'
import type { Logger } from '../log/logger.ts'
import type { SessionVariables } from '../members/sessionMiddleware.ts'
import type { ActiveSession } from '../members/sessions.ts'
import type { Onramp, OnrampAddress, OnrampStatus } from './Onramp.ts'
import { OnrampError } from './OnrampError.ts'
import { findOwnOnrampRequest, recordOnrampRequest, settleOnrampRequest } from './onrampRequests.ts'

/** What `POST /funding/coinbase_on_ramp/init` answers: what the core's `buildOnrampUrl` needs. */
export type OnrampInitAnswer = {
  app_id: string
  session_token: string
  channel_id: string
  partner_user_id: string
  base_url: string
}

/** What `GET /funding/coinbase_on_ramp/status` answers. */
export type OnrampStatusAnswer = { status: OnrampStatus }

/** Sessions one member may start in an hour: each costs a call to Coinbase and a row. */
export const onrampInitLimit: RateLimitRule = { limit: 60, windowSeconds: 3600 }

/**
 * How often one member's polling may ask Coinbase, whose limits are the whole project's: beyond it, a pending
 * purchase answers `pending` from the row until the window turns.
 */
export const onrampLookUpLimit: RateLimitRule = { limit: 120, windowSeconds: 600 }

const initBody = z.strictObject({
  addresses: z
    .array(
      z.strictObject({
        address: z.string().min(1, 'is required').max(100),
        blockchains: z.array(z.string().max(40)).min(1, 'name at least one network').max(8),
      }),
    )
    .min(1, 'name at least one address')
    .max(5, 'at most 5 addresses'),
  assets: z
    .array(z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'an asset symbol such as USDC or ETH'))
    .min(1)
    .max(10)
    .optional(),
  amount: z.string().max(40).optional(),
})

const statusQuery = z.object({ partnerUserId: z.string().min(1, 'is required').max(100) })

const invalid = (message: string) => new LoginError('invalid_data', { message })

/**
 * The funding routes are for signed-in members only: without a session, `missing_or_invalid_token` (401), ahead
 * of anything else the request says.
 */
const memberOnly: MiddlewareHandler<{ Variables: SessionVariables }> = async (c, next) => {
  memberSession(c)
  await next()
}

function memberSession(c: { var: Partial<SessionVariables> }): ActiveSession {
  const { session } = c.var
  if (!session) throw new LoginError('missing_or_invalid_token', { message: 'Please sign in to add funds.' })
  return session
}

/** The member's IP as Coinbase wants it: an IPv4 address seen over IPv6 is given as plain IPv4. */
const plainIp = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')

/**
 * `POST /funding/coinbase_on_ramp/init` and `GET /funding/coinbase_on_ramp/status`: a session token for the
 * member's own wallets, on networks this server funds, from whichever on-ramp the server has (Coinbase, or the
 * sandbox); and how that purchase went. Without an on-ramp (production without a CDP key), `not_supported`.
 */
export function fundingRoutes(options: {
  db: Db
  onramp: Onramp | undefined
  chains: Chains
  trustProxy: number
  logger: Logger
}) {
  const { db, onramp, chains, logger } = options
  const requireOnramp = (): Onramp => {
    if (!onramp) {
      throw new OnrampError(
        'not_supported',
        'This server does not offer buying crypto: no on-ramp is set up (CDP_API_KEY_ID, CDP_API_KEY_SECRET and CDP_PROJECT_ID).',
      )
    }
    return onramp
  }

  return new Hono<{ Variables: SessionVariables }>()
    .post('/funding/coinbase_on_ramp/init', memberOnly, jsonBody(initBody), async (c) => {
      const session = memberSession(c)
      const service = requireOnramp()
      const body = c.req.valid('json')

      // The networks this server funds, each with the chain that stands for it.
      const funded = new Map<string, PublicChain>()
      for (const chain of chains.list()) {
        const network = service.networkOf(chain)
        if (network) funded.set(network, chain)
      }
      const fundedNames = [...funded.keys()].join(', ') || 'none'
      const own = await db
        .select({ address: wallets.address, chainType: wallets.chainType })
        .from(wallets)
        .where(eq(wallets.userId, session.userId))
      const addresses: OnrampAddress[] = body.addresses.map((entry) => {
        const wallet = own.find((each) =>
          each.chainType === 'ethereum'
            ? each.address.toLowerCase() === entry.address.toLowerCase()
            : each.address === entry.address,
        )
        if (!wallet) {
          throw invalid(`addresses: ${entry.address.slice(0, 100)} is not one of your wallets.`)
        }
        const blockchains = [...new Set(entry.blockchains)].map((name): OnrampNetwork => {
          const chain = isOnrampNetwork(name) ? funded.get(name) : undefined
          if (!chain) {
            throw invalid(
              `addresses: this server does not fund the network "${name.slice(0, 40)}" (it funds ${fundedNames}).`,
            )
          }
          if (chain.type !== wallet.chainType) {
            throw invalid(
              `addresses: ${wallet.address} is ${wallet.chainType === 'ethereum' ? 'an EVM' : 'a Solana'} wallet and cannot receive on ${name}.`,
            )
          }
          return name as OnrampNetwork
        })
        // The wallet's own spelling: Coinbase and the sandbox deliver to exactly this address.
        return { address: wallet.address, blockchains }
      })
      let amount: string | undefined
      if (body.amount !== undefined) {
        try {
          amount = normalizeOnrampAmount(body.amount.trim())
        } catch (error) {
          if (error instanceof InvalidOnrampParameterError) throw invalid(`amount: ${error.details ?? ''}`)
          throw error
        }
      }

      const verdict = await consumeRateLimit(db, `onramp-init:${session.userId}`, onrampInitLimit)
      if (!verdict.allowed) {
        throw new TooManyRequestsError(
          `You have started many purchases this hour. Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
          verdict.retryAfterSeconds,
        )
      }
      const partnerUserId = randomBytes(24).toString('base64url')
      const minted = await service.mint({
        addresses,
        assets: body.assets,
        clientIp: plainIp(clientAddress(c, options.trustProxy)),
        partnerUserId,
      })
      await recordOnrampRequest(db, {
        partnerUserId,
        userId: session.userId,
        service: service.service,
        addresses,
        assets: body.assets,
        amount,
        sandbox: minted.sandbox,
      })
      logger.info('On-ramp session started', {
        user: session.userId,
        service: service.service,
        partnerUserId,
      })
      return c.json<OnrampInitAnswer>({
        app_id: service.appId,
        session_token: minted.token,
        channel_id: minted.channelId,
        partner_user_id: partnerUserId,
        base_url: service.baseUrl,
      })
    })
    .get('/funding/coinbase_on_ramp/status', memberOnly, queryParams(statusQuery), async (c) => {
      const session = memberSession(c)
      const { partnerUserId } = c.req.valid('query')
      // Ids are minted URL-safe: anything else (a NUL the database would refuse) is simply unknown.
      const row = /^[A-Za-z0-9_-]+$/.test(partnerUserId)
        ? await findOwnOnrampRequest(db, session.userId, partnerUserId)
        : undefined
      // Another member's purchase answers exactly as one that does not exist.
      if (!row) throw new OnrampError('not_found', 'No purchase of yours has this partnerUserId.')
      let status: OnrampStatus = row.status
      const asks =
        status === 'pending' &&
        onramp?.lookUp !== undefined &&
        onramp.service === row.service &&
        (await consumeRateLimit(db, `onramp-status:${session.userId}`, onrampLookUpLimit)).allowed
      if (asks && onramp?.lookUp) {
        try {
          status = await onramp.lookUp(partnerUserId)
        } catch (error) {
          // Polled every few seconds: a failed look-up is still pending, and the log says why.
          logger.warn('Could not ask Coinbase how a purchase went', {
            partnerUserId,
            reason: error instanceof OnrampError ? error.details : String(error),
          })
          status = 'pending'
        }
        if (status !== 'pending') await settleOnrampRequest(db, partnerUserId, status)
      }
      return c.json<OnrampStatusAnswer>({ status })
    })
}
