import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger } from '../log/logger.ts'
import { errorHandler } from './errorHandler.ts'
import { jsonBody, pathParams } from './validate.ts'

const app = new Hono()
  .post(
    '/things/:id',
    pathParams(z.object({ id: z.uuid('must be a UUID') })),
    jsonBody(z.strictObject({ name: z.string(), size: z.number().default(1) })),
    (c) => c.json({ id: c.req.valid('param').id, ...c.req.valid('json') }),
  )
  .post('/empty', jsonBody(z.strictObject({ all: z.boolean().default(false) }), { whenEmpty: {} }), (c) =>
    c.json(c.req.valid('json')),
  )
app.onError(errorHandler(createLogger('silent')))

const post = (path: string, body?: string, type = 'application/json') =>
  app.request(path, {
    method: 'POST',
    ...(body !== undefined && { body, headers: { 'content-type': type } }),
  })
const id = '6f1c2a8e-3d4b-4c5a-9e6f-7a8b9c0d1e2f'

describe('jsonBody and pathParams', () => {
  it('hand the handler the checked body, defaults filled in', async () => {
    const answer = await post(`/things/${id}`, '{"name":"a"}')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ id, name: 'a', size: 1 })
  })

  it('word what is wrong with the body as the route family does', async () => {
    const answer = await post(`/things/${id}`, '{"name":1}')
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({
      code: 'invalid_data',
      error: expect.stringMatching(/^name: /),
    })
  })

  it('refuse a body that is not JSON, or JSON no route wants, before the schema', async () => {
    expect(await (await post(`/things/${id}`, 'name=a', 'text/plain')).json()).toMatchObject({
      error: 'Send the request body as JSON (Content-Type: application/json).',
    })
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`
    expect((await post(`/things/${id}`, deep)).status).toBe(400)
    expect((await post(`/things/${id}`, '{"name":"a","size":1e400}')).status).toBe(400)
  })

  it('refuse a path parameter that fails its schema', async () => {
    const answer = await post('/things/nope', '{"name":"a"}')
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'id: must be a UUID' })
  })

  it('take an empty body as the stated value', async () => {
    expect(await (await post('/empty')).json()).toEqual({ all: false })
    // A JSON Content-Type with nothing after it is still no body, not malformed JSON.
    expect(await (await post('/empty', '')).json()).toEqual({ all: false })
  })
})
