import { BaseError } from '@charter/core'
import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from '../logger.ts'
import { describeErrorForLog } from './describeErrorForLog.ts'

export type ErrorBody = {
  error: string
  code: string | number
  /** Why the session ended, on a `must_be_authenticated` for a session that was revoked. */
  reason?: string
}

/** An expected failure: a domain error that knows which HTTP status it answers with. */
type HttpFacingError = BaseError & { status: number }

const isHttpFacing = (error: unknown): error is HttpFacingError =>
  error instanceof BaseError && typeof (error as { status?: unknown }).status === 'number'

/**
 * The one place errors become HTTP answers. Expected failures are `{error, code}` with their 4xx status;
 * anything else is a bug: logged with its stack, answered with a 500 that reveals nothing inside.
 */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (isHttpFacing(error)) {
      // A vendor that failed us (an SMS or email provider): operations need its reason, never the request's data.
      if (error.status >= 500) {
        logger.warn(error.shortMessage, { method: c.req.method, path: c.req.path, reason: error.details })
      }
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
      // Why a session ended (`SessionEndedError`), for the device that still held it.
      const reason = (error as { reason?: unknown }).reason
      return c.json<ErrorBody>(
        {
          error: error.shortMessage,
          code: error.code ?? 'invalid_data',
          ...(typeof reason === 'string' ? { reason } : {}),
        },
        error.status as ContentfulStatusCode,
      )
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json<ErrorBody>({ error: error.message || 'Bad request', code: 'invalid_data' }, error.status)
    }
    logger.error('Unhandled error while answering a request', {
      method: c.req.method,
      path: c.req.path,
      ...describeErrorForLog(error),
    })
    return c.json<ErrorBody>(
      {
        error:
          'Something went wrong on our side. Please try again; if it keeps happening, tell your administrator.',
        code: 'internal_error',
      },
      500,
    )
  }
}
