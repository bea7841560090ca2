import { coinbaseOnrampBaseUrl, getOnrampNetwork } from '@charter/core'
import type { Logger } from '../log/logger.ts'
import type { CdpKey } from '../settings/cdpKey.ts'
import { cdpJwt } from './cdpJwt.ts'
import type { Onramp, OnrampStatus } from './Onramp.ts'
import { OnrampError } from './OnrampError.ts'

export type CoinbaseSettings = {
  keyId: string
  key: CdpKey
  /** The CDP project id: the link's appId. */
  projectId: string
  /** Coinbase's API origin (COINBASE_API_URL), without a trailing slash. */
  apiUrl: string
}

/** How long a call to Coinbase may take before the member hears it is unavailable. */
const timeoutMs = 15_000

/** A reason is logged whole up to this length: enough to act on, never a page of HTML. */
const reasonLength = 300

/**
 * Coinbase's words for a final purchase, from its Transaction Status API (`transactions[].status`); anything
 * else (created, in progress, none yet) is still pending.
 */
const finalStatuses: Record<string, OnrampStatus> = {
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'success',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failure',
}

/**
 * Coinbase Onramp, with a CDP secret API key: session tokens from `POST /onramp/v1/token`, statuses from
 * `GET /onramp/v1/buy/user/{partnerUserId}/transactions`, each call with a JWT of its own. A failure is an
 * `onramp_unavailable` whose plain message the member reads and whose reason (Coinbase's status and words)
 * only the log gets; neither ever holds the key or the JWT.
 */
export function coinbaseOnramp(settings: CoinbaseSettings, logger: Logger): Onramp {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const url = new URL(`${settings.apiUrl}${path}`)
    const jwt = await cdpJwt({ key: settings.key, keyId: settings.keyId, method, url })
    const scrub = (text: string) => text.replaceAll(jwt, '[the JWT]').slice(0, reasonLength)
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${jwt}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      throw unavailable(
        'it could not be reached. Try again in a few minutes.',
        `${method} ${url.pathname}: ${scrub(cause instanceof Error ? cause.message : String(cause))}`,
      )
    }
    const text = await response.text().catch(() => '')
    if (!response.ok) {
      throw unavailable(
        response.status === 429
          ? 'it is busy. Try again in a minute.'
          : response.status >= 500
            ? 'it is not working right now. Try again in a few minutes.'
            : 'it refused the request. Try again; if it keeps happening, tell your administrator.',
        `${method} ${url.pathname} answered ${response.status}: ${scrub(coinbaseReason(text))}`,
      )
    }
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw unavailable(
        'its answer could not be read. Try again in a few minutes.',
        `${method} ${url.pathname} answered ${response.status} with no JSON: ${scrub(text)}`,
      )
    }
  }

  return {
    service: 'coinbase',
    appId: settings.projectId,
    baseUrl: coinbaseOnrampBaseUrl,
    networkOf: (chain) => (chain.local ? undefined : getOnrampNetwork(chain.id)),
    mint: async (request) => {
      const answer = (await call('POST', '/onramp/v1/token', {
        addresses: request.addresses,
        ...(request.assets ? { assets: request.assets } : {}),
        clientIp: request.clientIp,
      })) as { token?: unknown; channel_id?: unknown; channelId?: unknown } | null
      const token = answer?.token
      if (typeof token !== 'string' || token === '') {
        throw unavailable('its answer held no session token. Try again in a few minutes.', 'no token')
      }
      // Coinbase's reference names it channel_id ("reserved for future use"); its OpenAPI, channelId.
      const channel = answer?.channel_id ?? answer?.channelId
      logger.info('Coinbase minted an on-ramp session token', { partnerUserId: request.partnerUserId })
      return { token, channelId: typeof channel === 'string' ? channel : '' }
    },
    lookUp: async (partnerUserId) => {
      const answer = (await call(
        'GET',
        `/onramp/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions`,
      )) as { transactions?: { status?: unknown }[] } | null
      // Newest first: the purchase this link made, if Coinbase has one yet.
      const newest = Array.isArray(answer?.transactions) ? answer.transactions[0] : undefined
      const status = typeof newest?.status === 'string' ? newest.status : ''
      return Object.hasOwn(finalStatuses, status) ? (finalStatuses[status] as OnrampStatus) : 'pending'
    },
  }
}

/** Coinbase's own words for a refusal (`errorMessage`, `message` or `error`), else the body's start. */
function coinbaseReason(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const words = [body.errorType, body.errorMessage ?? body.message ?? body.error]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(': ')
    if (words) return words
  } catch {
    // Not JSON: its text is the reason.
  }
  return text
}

const unavailable = (plain: string, details: string) =>
  new OnrampError('onramp_unavailable', `Coinbase could not start the purchase: ${plain}`, { details })
