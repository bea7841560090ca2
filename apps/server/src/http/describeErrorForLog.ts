/** A failed query as Drizzle reports it: its message carries the parameter values, which may be secrets. */
type QueryError = Error & { query: string; params: unknown[] }

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && 'params' in error

const frames = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .join('\n')

/** What the database said, without the row values its `detail` can quote ("Key (value)=(…) exists"). */
function describeDatabaseCause(cause: unknown): Record<string, unknown> | undefined {
  if (!(cause instanceof Error)) return undefined
  const { code, constraint, table, column } = cause as Error & Record<string, unknown>
  return { message: cause.message, code, constraint, table, column }
}

/**
 * An unexpected error as the log may keep it. A failed query is logged by its SQL text and the database's
 * reason, never its parameters: a failed write must never put a key, a code or an address in the log.
 */
export function describeErrorForLog(error: unknown): Record<string, unknown> {
  if (isQueryError(error)) {
    return {
      error: 'Failed query',
      query: error.query,
      cause: describeDatabaseCause(error.cause),
      stack: frames(error),
    }
  }
  if (isQueryError((error as { cause?: unknown })?.cause)) {
    const outer = error as Error
    return { error: outer.name, cause: describeErrorForLog(outer.cause), stack: frames(outer) }
  }
  if (error instanceof Error) return { error: error.stack ?? error.message }
  return { error: String(error) }
}
