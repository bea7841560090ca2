import type { MiddlewareHandler } from 'hono'

/**
 * The routes Privy's React SDK calls from an app's page, under `/api/v1/`: its app config and analytics, code
 * sign-in, sessions, the user, the wallet API and Charter's chain RPC proxy. Nothing else answers another origin.
 */
const sdkRoutes =
  /^\/api\/v1\/(apps\/[^/]+|analytics_events|passwordless(_sms)?\/[a-z_]+|sessions(\/[a-z_]+)?|users\/me|code_challenge|wallets(\/.*)?|rpc\/[^/]+)$/

/** What an app's page may send: JSON, its bearer token and Privy's own headers. */
const allowedRequestHeaders = /^(content-type|authorization|privy-[a-z0-9-]+|x-native-app-identifier)$/

const maxAgeSeconds = 600

/**
 * Credentialed CORS for the apps named in ALLOWED_APP_ORIGINS, on the SDK's routes only: their pages may call
 * Charter from their own origin (`app.example.org` calling `wallet.example.org`). Any other origin gets no CORS
 * header, so its browser keeps the answer from it; the host guard refuses its changes outright.
 */
export function appOriginsCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins)
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined || !allowed.has(origin) || !sdkRoutes.test(c.req.path)) return next()
    c.header('Vary', 'Origin', { append: true })
    c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Allow-Credentials', 'true')
    const preflight =
      c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined
    if (!preflight) {
      c.header('Access-Control-Expose-Headers', 'Retry-After')
      return next()
    }
    const asked = (c.req.header('access-control-request-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== '')
    const refused = asked.filter((name) => !allowedRequestHeaders.test(name))
    if (refused.length > 0) {
      return c.json(
        {
          error: `Charter does not take the header${refused.length === 1 ? '' : 's'} ${refused.join(', ').slice(0, 200)} from another origin.`,
          code: 'invalid_data',
        },
        403,
      )
    }
    c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
    if (asked.length > 0) c.header('Access-Control-Allow-Headers', asked.join(', '))
    c.header('Access-Control-Max-Age', String(maxAgeSeconds))
    return c.body(null, 204)
  }
}
