import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './testing/startTestServer.ts'

// The production checks pass; the test server still uses the shared test database it is given.
const productionEnv = {
  CHARTER_MODE: 'production',
  DATABASE_URL: 'postgres://unused.invalid/charter',
  AUTH_SECRET: 'a'.repeat(64),
  WALLET_MASTER_KEY: 'd'.repeat(64),
  SMTP_URL: 'smtp://127.0.0.1:1',
  EMAIL_FROM: 'Charter <codes@example.org>',
}

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
    const body = await response.json()
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      mode: 'embedded',
      appId: 'charter-local',
    })
    expect(body.parts.web).toEqual({ status: 'ok' })
  })

  it('says production, and has no dev outbox, when the server runs in production mode', async () => {
    const production = await startTestServer({ env: productionEnv })
    try {
      const body = await (await fetch(`${production.url}/api/health`)).json()
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
    const body = await (await fetch(`${server.url}/api/health`)).json()
    expect(body.parts.database.status).toBe('ok')
    expect(body.parts.sms).toEqual({ status: 'ok', detail: 'dev outbox (codes in the server log)' })
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
      const health = await (await fetch(`${unbuilt.url}/api/health`)).json()
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
    expect((await response.json()).code).toBe('invalid_data')
  })
})
