import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'

let server: TestServer
let signedIn: ApiClient
beforeAll(async () => {
  server = await startTestServer({ env: { SMS_ALLOWED_COUNTRIES: 'US,CA' } })
  signedIn = new ApiClient(server.url)
  await signedIn.signInByEmail(uniqueEmail())
})
afterAll(() => server.close())

const client = () => new ApiClient(server.url)

const routes = [
  '/api/v1/passwordless_sms/init',
  '/api/v1/passwordless_sms/authenticate',
  '/api/v1/passwordless_sms/link',
  '/api/v1/passwordless_sms/update',
  '/api/v1/passwordless/init',
  '/api/v1/passwordless/authenticate',
  '/api/v1/passwordless/link',
  '/api/v1/passwordless/update',
  ...['siwe', 'siws'].flatMap((family) =>
    ['init', 'authenticate', 'link', 'unlink'].map((step) => `/api/v1/${family}/${step}`),
  ),
  '/api/v1/sessions',
  '/api/v1/sessions/logout',
  '/api/v1/analytics_events',
  '/api/v1/recovery/oauth/init',
]

describe('bad bodies', () => {
  it.each([
    ['malformed JSON', '{"phoneNumber": "+1415', 'The request body is not valid JSON.'],
    ['a missing field', {}, 'phoneNumber: '],
    ['a wrong type', { phoneNumber: 14155552671 }, 'phoneNumber: '],
    ['an unknown field', { phoneNumber: '+14155552671', admin: true }, 'admin'],
    ['an array', [], 'body: '],
    ['null', 'null', 'body: '],
  ])('answers %s with invalid_data saying which field', async (_, body, message) => {
    const answer = await client().post('/api/v1/passwordless_sms/init', body)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_data')
    expect(answer.body.error).toContain(message)
  })

  it('wants JSON, not a form', async () => {
    const answer = await client().post('/api/v1/passwordless/init', 'email=a%40b.c', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toContain('application/json')
  })

  it('refuses a huge body with 413 before reading it', async () => {
    const answer = await client().post('/api/v1/passwordless/init', {
      email: `${'a'.repeat(200_000)}@example.org`,
    })
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({
      error: 'The request body is too large (64 KB at most).',
      code: 'invalid_data',
    })
  })

  it.each([
    ['+1415', 'too short'],
    ['+1 415 555 26711234567890', 'too long'],
    ['hello', 'phone number'],
    ['+999 1234 5678', 'country code'],
    ['x'.repeat(251), 'too long'],
  ])('explains why %s is not a phone number', async (phoneNumber, words) => {
    const answer = await client().post('/api/v1/passwordless_sms/init', { phoneNumber })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_data')
    expect(answer.body.error.toLowerCase()).toContain(words)
  })

  it('refuses to text a country outside the allowed list, and says to use email', async () => {
    const answer = await client().post('/api/v1/passwordless_sms/init', { phoneNumber: '+44 7400 123456' })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('not_supported')
    expect(answer.body.error).toContain('+44')
    expect(answer.body.error).toContain('email')
    expect(await client().outbox('+447400123456')).toEqual([])
  })

  it('refuses a code that is not six digits', async () => {
    const answer = await client().post('/api/v1/passwordless/authenticate', {
      email: uniqueEmail(),
      code: '12a456',
    })
    expect(answer.body).toEqual({ error: 'code: must be the 6 digits of the code', code: 'invalid_data' })
  })

  it('refuses an email address that is not one', async () => {
    const answer = await client().post('/api/v1/passwordless/init', { email: 'not an address' })
    expect(answer.body).toEqual({
      error: 'Enter an email address like name@example.org.',
      code: 'invalid_data',
    })
  })
})

// A small deterministic generator, so a failure can be replayed from its seed.
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 6 : 9))
  const strings = [
    '',
    '+14155552671',
    uniquePhoneNumber(),
    uniqueEmail(),
    '123456',
    'x'.repeat(300),
    '\u0000',
    'no-signup',
  ]
  switch (pick) {
    case 0:
      return null
    case 1:
      return next() < 0.5
    case 2:
      return Math.floor(next() * 2e9) - 1e9
    case 3:
    case 4:
      return strings[Math.floor(next() * strings.length)]
    case 5:
      return next() * 1e308
    case 6:
      return Array.from({ length: Math.floor(next() * 3) }, () => randomValue(next, depth + 1))
    default: {
      const keys = [
        'phoneNumber',
        'email',
        'code',
        'mode',
        'oldAddress',
        'newAddress',
        'old_phone_number',
        'new_phone_number',
        'refresh_token',
        'event_name',
        'payload',
        'client_id',
        '__proto__',
        'constructor',
      ]
      const object: Record<string, unknown> = {}
      for (let i = Math.floor(next() * 4); i > 0; i--) {
        object[keys[Math.floor(next() * keys.length)] as string] = randomValue(next, depth + 1)
      }
      return object
    }
  }
}

describe('random bodies', () => {
  it.each(routes)('%s answers 300 random bodies with a 2xx or 4xx, never a 5xx', async (route) => {
    const next = random(route.length * 7919)
    const failures: string[] = []
    for (let i = 0; i < 300; i++) {
      const value = randomValue(next)
      const body =
        next() < 0.1 ? JSON.stringify(value).slice(0, Math.floor(next() * 20)) : JSON.stringify(value)
      // Logging out the shared session would leave the rest of the run signed out.
      const caller = next() < 0.5 && !route.endsWith('/logout') ? signedIn : client()
      const answer = await caller.request('POST', route, body ?? 'null', {
        'content-type': 'application/json',
      })
      if (answer.status >= 500 || (typeof answer.body?.code === 'undefined' && answer.status >= 400)) {
        failures.push(`${answer.status} for ${body}: ${answer.text}`)
      }
    }
    expect(failures).toEqual([])
  })
})
