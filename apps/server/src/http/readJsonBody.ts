import { LoginError } from '@charter/core'
import type { Context } from 'hono'
import type { z } from 'zod'
import { describeZodError } from './describeZodError.ts'
import { parseJsonText } from './parseJsonText.ts'

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
  return checkBody(schema, await readJson(c))
}

/** The body as JSON, refused with `invalid_data` when it is not JSON or is JSON no route could want. */
export async function readJson(c: Context): Promise<unknown> {
  const parsed = parseJsonText(await c.req.text())
  if (!parsed.ok) throw new LoginError('invalid_data', { message: parsed.problem })
  return parsed.value
}

/** `body` checked against `schema`; `invalid_data` naming the first field that is wrong. */
export function checkBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  throw new LoginError('invalid_data', { message: describeZodError(parsed.error, 'body') })
}
