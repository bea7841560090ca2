import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from './testing/Json.ts'
import { productionTestEnv } from './testing/productionTestEnv.ts'
import { startTestServer, type TestServer } from './testing/startTestServer.ts'

// The production checks pass; the test server still uses the shared test database it is given.
const productionEnv = productionTestEnv()

let server: TestServer
let webDist: string

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'charter-web-'))
  await mkdir(join(webDist, 'assets'))
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Charter</title><div id="root"></div>')
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")')
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  server = await startTestServer({ webDist })
})
afterAll(() => server.close())

describe('GET /api/health', () => {
  it('answers ok with the version and the mode', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body: Json = await response.json()
    expect(body).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      mode: 'embedded',
      appId: server.appId,
    })
    expect(body.parts.web).toEqual({ status: 'ok' })
    // Test files share one database, each server with a master key of its own, so one server may find wallets
    // another wrapped: then, and only then, it says degraded (dataDir.test.ts tests that case on its own).
    expect(body.status).toBe(body.parts.wallets.status === 'error' ? 'degraded' : 'ok')
  })

  it('says production, and has no dev outbox, when the server runs in production mode', async () => {
    const production = await startTestServer({ env: productionEnv })
    try {
      const body: Json = await (await fetch(`${production.url}/api/health`)).json()
      expect(body.mode).toBe('production')
      expect(body.parts.email).toEqual({ status: 'ok', detail: 'SMTP' })
      expect(body.parts.sms).toEqual({ status: 'missing' })
      const outbox = await fetch(`${production.url}/api/dev/outbox`)
      expect(outbox.status).toBe(404)
      const sms = await fetch(`${production.url}/api/v1/passwordless_sms/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '+14155552671' }),
      })
      expect(await sms.json()).toEqual({
        error: 'Sign-in by SMS is not set up on this server.',
        code: 'not_supported',
      })
    } finally {
      await production.close()
    }
  })

  it('reports the embedded database and the dev outbox', async () => {
    const body: Json = await (await fetch(`${server.url}/api/health`)).json()
    expect(body.parts.database.status).toBe('ok')
    expect(body.parts.sms).toEqual({ status: 'ok', detail: 'dev outbox (codes in the server log)' })
  })
})

describe('the dev outbox', () => {
  it('answers on loopback too only to the token Charter made in DATA_DIR, a file only its owner reads', async () => {
    const file = join(server.dataDir, 'dev-outbox-token')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const token = (await readFile(file, 'utf8')).trim()
    expect(token).toMatch(/^[0-9a-f]{32}$/)

    const without = await fetch(`${server.url}/api/dev/outbox`)
    expect(without.status).toBe(401)
    const refusal: Json = await without.json()
    expect(refusal.code).toBe('must_be_authenticated')
    expect(refusal.error).toContain('x-dev-outbox-token')
    expect(refusal.error).toContain('dev-outbox-token in DATA_DIR')
    const wrong = await fetch(`${server.url}/api/dev/outbox`, { headers: { 'x-dev-outbox-token': 'guess' } })
    expect(wrong.status).toBe(401)
    const right = await fetch(`${server.url}/api/dev/outbox`, { headers: { 'x-dev-outbox-token': token } })
    expect(right.status).toBe(200)
    expect(((await right.json()) as Json).messages).toEqual(expect.any(Array))
  })

  it('answers only to DEV_OUTBOX_TOKEN when one is set, and makes no file then', async () => {
    const token = 'a7f3c9e1b5d2f8a4c6e0b3d9f1a5c7e2'
    const guarded = await startTestServer({ env: { DEV_OUTBOX_TOKEN: token } })
    try {
      const without = await fetch(`${guarded.url}/api/dev/outbox`)
      expect(without.status).toBe(401)
      expect(((await without.json()) as Json).error).toContain('x-dev-outbox-token')
      const wrong = await fetch(`${guarded.url}/api/dev/outbox`, {
        headers: { 'x-dev-outbox-token': 'guess' },
      })
      expect(wrong.status).toBe(401)
      const right = await fetch(`${guarded.url}/api/dev/outbox`, { headers: { 'x-dev-outbox-token': token } })
      expect(right.status).toBe(200)
      expect(existsSync(join(guarded.dataDir, 'dev-outbox-token'))).toBe(false)
    } finally {
      await guarded.close()
    }
  })
})

describe('security headers', () => {
  it('allows only its own origin, no inline script and no framing, on pages and on the API', async () => {
    for (const path of ['/', '/api/health', '/assets/index-abc123.js']) {
      const response = await fetch(`${server.url}${path}`)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    }
  })
})

describe('the web app', () => {
  it('serves index.html for client-side routes so a reload keeps the page', async () => {
    for (const path of ['/', '/wallet', '/roles/some-role']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<div id="root">')
      expect(response.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('serves hashed assets with a long cache life', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('console.log("app")')
    expect(response.headers.get('cache-control')).toContain('immutable')
  })

  it('says how to build the web app when it is missing', async () => {
    const unbuilt = await startTestServer({ webDist: join(tmpdir(), 'charter-no-such-dist') })
    try {
      const page = await fetch(unbuilt.url)
      expect(page.status).toBe(503)
      expect(await page.text()).toContain('npm run build')
      const health: Json = await (await fetch(`${unbuilt.url}/api/health`)).json()
      expect(health.parts.web.status).toBe('missing')
    } finally {
      await unbuilt.close()
    }
  })
})

describe('the API', () => {
  it('answers an unknown route with a JSON 404 that names it', async () => {
    const response = await fetch(`${server.url}/api/v1/nothing-here`, { method: 'POST' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: 'There is no API route POST /api/v1/nothing-here.',
      code: 'not_found',
    })
  })

  it('refuses a body over the size limit with a 413 and a message', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filler: 'x'.repeat(100 * 1024) }),
    })
    expect(response.status).toBe(413)
    expect(((await response.json()) as Json).code).toBe('invalid_data')
  })
})
