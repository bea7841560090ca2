import { LoginError } from '@charter/core'
import type { Context } from 'hono'
import { parseJsonText } from './parseJsonText.ts'

/** The body as JSON, refused with `invalid_data` when it is not JSON or is JSON no route could want. */
export async function readJson(c: Context): Promise<unknown> {
  const parsed = parseJsonText(await c.req.text())
  if (!parsed.ok) throw new LoginError('invalid_data', { message: parsed.problem })
  return parsed.value
}
