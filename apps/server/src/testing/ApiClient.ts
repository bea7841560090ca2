/**
 * A caller of the real server over HTTP that keeps its session cookie like a browser would, so tests
 * read as a person's steps: ask for a code, read it from the dev outbox, sign in.
 */
export class ApiClient {
  cookie: string | undefined
  readonly baseUrl: string

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) {
      const [pair] = setCookie.split(';')
      this.cookie = pair?.endsWith('=') ? undefined : pair
    }
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each route answers.
    return { status: response.status, headers: response.headers, body: json as any, text }
  }

  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers)
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers)

  /** The newest code the dev outbox holds for `to`. */
  async codeFor(to: string): Promise<string> {
    const { body } = await this.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
    const text: string | undefined = body?.messages?.[0]?.body
    const code = text?.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error(`no code in the outbox for ${to}`)
    return code
  }

  /** Signs in by SMS; `extra` goes into the authenticate body (e.g. the device key, `authorization_key`). */
  async signInByPhone(phoneNumber: string, extra: Record<string, unknown> = {}) {
    const init = await this.post('/api/v1/passwordless_sms/init', { phoneNumber })
    if (init.status !== 200) throw new Error(`init failed: ${init.text}`)
    const code = await this.codeFor(phoneNumber)
    return this.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code, ...extra })
  }

  async signInByEmail(email: string, extra: Record<string, unknown> = {}) {
    const init = await this.post('/api/v1/passwordless/init', { email })
    if (init.status !== 200) throw new Error(`init failed: ${init.text}`)
    const code = await this.codeFor(email)
    return this.post('/api/v1/passwordless/authenticate', { email, code, ...extra })
  }
}

let counter = 0
/** A valid US mobile number no other test uses: 415-2xx-xxxx with a per-process random part. */
export function uniquePhoneNumber(): string {
  counter += 1
  const random = Math.floor(Math.random() * 9000) + 1000
  return `+1415${String(200 + (counter % 800)).padStart(3, '0')}${random}`
}

export function uniqueEmail(): string {
  counter += 1
  return `member-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`
}
