import type { AppType } from '@charter/server'
import { type ClientResponse, hc } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'

/** An answer from Charter's API that was not a success, in the server's own words. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: string | number
  /** From a 429's `Retry-After`: how long the server asks us to wait. */
  readonly retryAfterSeconds: number | undefined
  /** The answer's whole body, for refusals that carry more than `{error, code}` (a challenge to solve). */
  readonly body: unknown
  /** Why a session ended, on a `must_be_authenticated` for one that was signed out ('signed_out_everywhere'). */
  readonly reason: string | undefined

  constructor(
    message: string,
    status: number,
    code: string | number,
    options?: { cause?: unknown; retryAfterSeconds?: number; body?: unknown; reason?: string },
  ) {
    super(message, options)
    this.status = status
    this.code = code
    this.retryAfterSeconds = options?.retryAfterSeconds
    this.body = options?.body
    this.reason = options?.reason
  }
}

/**
 * Charter's API typed by the server's own routes (`AppType`, imported as a type only: no server code reaches
 * the browser). The page is served by Charter itself, so by default the paths are relative (same origin);
 * `origin` makes them absolute, as a signed request needs for its URL.
 */
export const createApiClient = (origin = '') =>
  hc<AppType>(`${origin}/`, { init: { credentials: 'same-origin' }, headers: { accept: 'application/json' } })

export type ApiClient = ReturnType<typeof createApiClient>

/** The API's routes, under `/api`: `api.v1.users.me.$get()` and so on. */
export const api = createApiClient().api

/** What a call of the typed client answers on success: the body of its 2xx JSON answers, as the server types them. */
export type Answer<Response> =
  Response extends ClientResponse<infer Body, infer Status, infer Format>
    ? [Extract<Status, SuccessStatusCode>] extends [never]
      ? never
      : Format extends 'json'
        ? Body
        : never
    : never

/** The error for a request that never reached the server (no network, the server down). */
export function unreachable(cause: unknown): ApiError {
  return new ApiError(
    'Charter’s server cannot be reached. Check your connection and try again.',
    0,
    'network_error',
    { cause },
  )
}

/**
 * The error for an answer that is not a 2xx, in the server's own words: Charter's `{error, code}` (with the wait a
 * 429 asks for), or the JSON-RPC error `{error: {code, message}}` the RPC proxy answers with.
 */
export function failureOf(response: Response, body: unknown): ApiError {
  const { error, code, reason } = (body ?? {}) as { error?: unknown; code?: unknown; reason?: unknown }
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null && 'message' in error
        ? String(error.message)
        : `The server answered ${response.status}.`
  const retryAfter = Number(response.headers.get('retry-after'))
  return new ApiError(
    message,
    response.status,
    typeof code === 'string' || typeof code === 'number' ? code : response.status,
    {
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      body,
      reason: typeof reason === 'string' ? reason : undefined,
    },
  )
}

/**
 * The body of a call's successful answer. A failure throws an ApiError with the `{error, code}` the server sent
 * (and the wait a 429 asks for); a request that never reached the server, one worded as such.
 */
export async function answerOf<Response extends ClientResponse<unknown, number>>(
  request: Promise<Response>,
): Promise<Answer<Response>> {
  let response: Response
  try {
    response = await request
  } catch (cause) {
    throw unreachable(cause)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw failureOf(response, body)
  return body as Answer<Response>
}
