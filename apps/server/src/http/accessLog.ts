import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../logger.ts'

/**
 * One line per request: method, route, status, milliseconds. The route is the pattern that matched
 * (`/api/v1/wallets/:id/rpc`), never the query string; no body, header or token is ever written.
 */
export function accessLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const route = c.req.routePath && c.req.routePath !== '/*' ? c.req.routePath : c.req.path
    logger.info(
      `${c.req.method} ${route.slice(0, 200)} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
    )
  }
}
