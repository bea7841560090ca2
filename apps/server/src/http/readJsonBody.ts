import { LoginError } from '@charter/core'
import type { Context } from 'hono'
import type { z } from 'zod'
import { describeZodError } from './describeZodError.ts'

/**
 * The request's JSON body checked against `schema`. Anything else is `invalid_data` naming the field and
 * what is wrong with it, e.g. "phoneNumber: expected a string, received a number".
 */
export async function readJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(contentType)) {
    throw new LoginError('invalid_data', {
      message: 'Send the request body as JSON (Content-Type: application/json).',
    })
  }
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    throw new LoginError('invalid_data', { message: 'The request body is not valid JSON.' })
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  throw new LoginError('invalid_data', { message: describeZodError(parsed.error, 'body') })
}
