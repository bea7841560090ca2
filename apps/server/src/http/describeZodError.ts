import type { z } from 'zod'

/**
 * The first problem of a failed zod check as a person reads it: the field's path and what is wrong with it,
 * e.g. "params.message: expected a string, received a number". `root` names the whole value when the problem
 * is with it rather than with one of its fields.
 */
export function describeZodError(error: z.ZodError, root: string, prefix?: string): string {
  const issue = error.issues[0]
  const path = [...(prefix ? [prefix] : []), ...(issue?.path ?? []).map(String)]
  return `${path.length > 0 ? path.join('.') : root}: ${issue?.message ?? 'is not valid'}`
}
