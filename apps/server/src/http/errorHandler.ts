import { BaseError } from '@charter/core'
import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from '../log/logger.ts'
import { describeErrorForLog } from './describeErrorForLog.ts'

export type ErrorBody = {
  error: string
  code: string | number
  /** `invalid_captcha` and `captcha_failure` carry the proof-of-work challenge to solve (`auth/codeChallenges.ts`). */
  challenge?: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }
  /** Why the session ended, on a `must_be_authenticated` for a session that was revoked. */
  reason?: string
  /** An `action_held` send (holds/SendHeldError.ts): the held request, and when it goes out (Unix seconds). */
  held_action?: { id: string; opens_at: number }
}

/** An expected failure: a domain error that knows which HTTP status it answers with. */
type HttpFacingError = BaseError & { status: number }

const isHttpFacing = (error: unknown): error is HttpFacingError =>
  error instanceof BaseError && typeof (error as { status?: unknown }).status === 'number'

/** The status the access log shows for a request whose client went away before it was read (nginx's 499). */
export const clientClosedStatus = 499

/**
 * The client hung up mid-request: Node fails the body's read with ECONNRESET "aborted", and the request's
 * signal is aborted. Reading a body is the only way a route meets it.
 */
export function isClientGone(error: unknown, request: Request): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return request.signal.aborted || (code === 'ECONNRESET' && message === 'aborted')
}

/**
 * The one place errors become HTTP answers. Expected failures are `{error, code}` with their 4xx status;
 * a client that hung up mid-request is noted as such (499); anything else is a bug: logged with its stack,
 * answered with a 500 that reveals nothing inside.
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
      const { challenge } = error as { challenge?: ErrorBody['challenge'] }
      // Why a session ended (`SessionEndedError`), for the device that still held it.
      const reason = (error as { reason?: unknown }).reason
      const { heldAction } = error as { heldAction?: ErrorBody['held_action'] }
      return c.json<ErrorBody>(
        {
          error: error.shortMessage,
          code: error.code ?? 'invalid_data',
          ...(challenge && { challenge }),
          ...(typeof reason === 'string' ? { reason } : {}),
          ...(heldAction && { held_action: heldAction }),
        },
        error.status as ContentfulStatusCode,
      )
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json<ErrorBody>({ error: error.message || 'Bad request', code: 'invalid_data' }, error.status)
    }
    if (isClientGone(error, c.req.raw)) {
      // Nobody is left to answer: not a fault of the server. 499 is what the access log then shows.
      logger.info('The client closed the connection before its request was read; nothing was done', {
        method: c.req.method,
        path: c.req.path,
      })
      return new Response(null, { status: clientClosedStatus })
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
