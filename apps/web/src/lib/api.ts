/** An answer from Charter's API that was not a success, in the server's own words. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: string | number
  /** From a 429's `Retry-After`: how long the server asks us to wait. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    message: string,
    status: number,
    code: string | number,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options)
    this.status = status
    this.code = code
    this.retryAfterSeconds = options?.retryAfterSeconds
  }
}

/** Calls Charter's own API (same origin). A failure throws an ApiError with the `{error, code}` the server sent. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    })
  } catch (cause) {
    throw new ApiError(
      'Charter’s server cannot be reached. Check your connection and try again.',
      0,
      'network_error',
      {
        cause,
      },
    )
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const { error, code } = (body ?? {}) as { error?: string; code?: string | number }
    const retryAfter = Number(response.headers.get('retry-after'))
    throw new ApiError(
      error ?? `The server answered ${response.status}.`,
      response.status,
      code ?? response.status,
      { retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined },
    )
  }
  return body as T
}

/** POSTs `body` as JSON to Charter's API; see `api`. */
export const postJson = <T>(path: string, body?: unknown): Promise<T> =>
  api<T>(path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) })
