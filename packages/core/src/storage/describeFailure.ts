/**
 * A failed request in a few words. Node's fetch says only 'fetch failed' and keeps the reason (connect
 * ECONNREFUSED …, getaddrinfo ENOTFOUND …) in `cause`, so the cause is added when it says more.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause: unknown = error.cause
  const reason =
    cause instanceof Error
      ? cause.message || String((cause as { code?: unknown }).code ?? '')
      : typeof cause === 'string'
        ? cause
        : ''
  const message = error.message || error.name
  return reason && reason !== message ? `${message}: ${reason}` : message
}
