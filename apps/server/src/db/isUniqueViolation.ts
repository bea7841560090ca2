/**
 * Whether a write failed on a unique index (SQLSTATE 23505), however the driver wrapped it: Drizzle puts the
 * database's error in `cause`, node-postgres and PGlite both carry its `code`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const { code, constraint: violated } = at as Error & { code?: unknown; constraint?: unknown }
    if (code === '23505') return constraint === undefined || violated === undefined || violated === constraint
  }
  return false
}
