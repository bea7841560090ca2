import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../log/logger.ts'
import { clientClosedStatus } from './errorHandler.ts'

/**
 * One line per request: method, route, status, milliseconds. The route is the pattern that matched
 * (`/api/v1/wallets/:id/rpc`), never the query string; no body, header or token is ever written. A path is
 * written as the logger escapes it (a %0A cannot start a line), and a client that hung up shows as 499.
 */
export function accessLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const route = c.req.routePath && c.req.routePath !== '/*' ? c.req.routePath : c.req.path
    // A client that hung up got nothing, whatever the route had answered.
    const status = c.req.raw.signal.aborted ? clientClosedStatus : c.res.status
    const closed = status === clientClosedStatus ? ' (client closed the connection)' : ''
    logger.info(
      `${c.req.method} ${route.slice(0, 200)} ${status}${closed} ${Math.round(performance.now() - started)}ms`,
    )
  }
}
