import { LoginError } from '@charter/core'
import type { Context, Env, MiddlewareHandler, Next } from 'hono'
import { validator } from 'hono/validator'
import type { z } from 'zod'
import { describeZodError } from './describeZodError.ts'
import { readJson } from './readJsonBody.ts'

/** How a route family refuses input that fails its schema: given the worded problem, the error it throws. */
export type Refusal = (problem: string) => Error

/** The login provider's refusal: `invalid_data` with the field and what is wrong with it. */
export const invalidData: Refusal = (message) => new LoginError('invalid_data', { message })

/** The typed input a route gets from `jsonBody(schema)`: what a caller sends in, what the handler gets out. */
export type JsonInput<Schema extends z.ZodType> = {
  in: { json: z.input<Schema> }
  out: { json: z.output<Schema> }
}

export type JsonBodyOptions = {
  refuse?: Refusal
  /** Where the body comes from: the request (JSON, checked by `readJson`), or a value an earlier step read. */
  from?: 'request' | 'signed'
  /** An empty body stands for this value (routes a browser calls with no body at all). */
  whenEmpty?: unknown
}

const hasNoBody = (c: Context) => (c.req.header('content-length') ?? '0') === '0'

/**
 * The route's JSON body checked against a zod schema, typed the way Hono's validator types its input, so the
 * route's input is part of the app's type (`AppType`) and the handler reads it with `c.req.valid('json')`.
 * Unlike Hono's own JSON validator, the body is read once as text and refused for what JSON allows but no route
 * wants (depth, NUL, lone surrogates, numbers beyond JSON) before it is parsed; a signed route's body is the one
 * its signature covered (`signedBody`), and an empty body may stand for a value (`whenEmpty`).
 */
export function jsonBody<Schema extends z.ZodType, E extends Env = Env>(
  schema: Schema,
  { refuse = invalidData, from = 'request', whenEmpty }: JsonBodyOptions = {},
): MiddlewareHandler<E, string, JsonInput<Schema>> {
  return (async (c: Context<BodyEnv>, next: Next) => {
    let body: unknown
    if (from === 'signed') body = c.get('signedBody')
    else if (whenEmpty !== undefined && hasNoBody(c)) body = whenEmpty
    else body = await readJsonRequest(c)
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw refuse(describeZodError(parsed.error, 'body'))
    // Where Hono's validator leaves its result, so the handler reads it with c.req.valid('json').
    c.req.addValidatedData('json', parsed.data as object)
    return next()
  }) as unknown as MiddlewareHandler<E, string, JsonInput<Schema>>
}

/** What this step reads: the body `signedRequest` checked the signature of. */
type BodyEnv = { Variables: { signedBody?: unknown } }

/** The body of an unsigned request: JSON by its Content-Type, refused as `invalid_data` otherwise. */
async function readJsonRequest(c: Context): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(contentType)) {
    throw new LoginError('invalid_data', {
      message: 'Send the request body as JSON (Content-Type: application/json).',
    })
  }
  return readJson(c)
}

/** A path parameter checked by Hono's validator against a zod schema, refused the route family's way. */
export function pathParams<Schema extends z.ZodType, E extends Env = Env>(
  schema: Schema,
  refuse: Refusal = invalidData,
) {
  return validator('param', (value, _c) => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw refuse(describeZodError(parsed.error, 'path'))
    return parsed.data as z.output<Schema>
  }) as MiddlewareHandler<E, string, { in: { param: z.input<Schema> }; out: { param: z.output<Schema> } }>
}

/** The query string checked by Hono's validator against a zod schema (each value a string), refused the same way. */
export function queryParams<Schema extends z.ZodType, E extends Env = Env>(
  schema: Schema,
  refuse: Refusal = invalidData,
) {
  return validator('query', (value, _c) => {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw refuse(describeZodError(parsed.error, 'query'))
    return parsed.data as z.output<Schema>
  }) as MiddlewareHandler<E, string, { in: { query: z.input<Schema> }; out: { query: z.output<Schema> } }>
}
