import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { authorizationPayload } from '@charter/core'
import canonicalize from 'canonicalize'

/** The server could not be reached, or its answer was cut off: nothing was acknowledged. */
export class Unreachable extends Error {
  override name = 'Unreachable'
}

export type Answer = {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: each route answers its own shape; the callers read a few fields.
  body: any
  text: string
}

export type WalletRef = { id: string; address: string }

/** One person using Charter: a phone number or an email address, a session cookie and a device key. */
export class Member {
  readonly via: 'phone' | 'email'
  readonly address: string
  readonly tag: string
  readonly privateKey: KeyObject
  readonly publicKeySpki: string
  readonly cookies = new Map<string, string>()
  userId: string | undefined
  evm: WalletRef | undefined
  solana: WalletRef | undefined
  /** The server answered 200 to the request that bound the device key (authenticate or registration). */
  keyBound = false
  /** The device key needed a step-up code (a session born without one, on a server with the hardening). */
  usedStepUp = false
  /** A request the server should have taken was refused as unauthenticated: the member is not used again. */
  broken = false
  signedUpCycle = 0
  /** When the server answered its last sign-in code's request: the address takes one in each 30 s window. */
  signInCodeAt = 0
  /** Export codes asked for (5 an hour per account), and when the last was. */
  exportInits = 0
  lastExportInitAt = 0
  /**
   * A new device: this member's second sign-in (`firstDevice` is the sign-up's), a session within
   * NEW_DEVICE_HOLD_HOURS, whose requests reserve the new-device budget. A first device knows its `secondDevice`.
   */
  firstDevice: Member | undefined
  secondDevice: Member | undefined
  /** Activity lines acknowledged to this member, in total and in the last cycle it worked in. */
  ackedLines = 0
  lastActiveCycle = 0
  seq = 0

  constructor(via: 'phone' | 'email', address: string, tag: string) {
    this.via = via
    this.address = address
    this.tag = tag
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    this.privateKey = privateKey
    this.publicKeySpki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
  }

  cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  takeCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const pair = line.split(';')[0] ?? ''
      const at = pair.indexOf('=')
      if (at <= 0) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

/** Answers that were neither 200 nor a refusal the test expects, by route and status, with one sample each. */
export class Tally {
  readonly unexpected = new Map<string, { count: number; sample: string }>()
  /** What the servers logged (at LOG_LEVEL=warn), by line without its time, and how often. */
  readonly serverLog = new Map<string, number>()
  requests = 0

  logLine(line: string) {
    const text = line.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z\s*/, '').slice(0, 300)
    this.serverLog.set(text, (this.serverLog.get(text) ?? 0) + 1)
  }

  note(method: string, path: string, answer: Answer) {
    const route = `${method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\?.*$/, '')} → ${answer.status}`
    const known = this.unexpected.get(route)
    if (known) known.count += 1
    else this.unexpected.set(route, { count: 1, sample: answer.text.slice(0, 300) })
  }
}

/** Calls to one running server, as a browser (cookies) and its wallet proxy (signed requests) make them. */
export class Http {
  readonly baseUrl: string
  readonly appId: string
  readonly tally: Tally
  /** What the dev outbox answers to: the token the server made in its DATA_DIR. */
  readonly outboxToken: string
  inFlight = 0

  constructor(baseUrl: string, appId: string, tally: Tally, outboxToken: string) {
    this.baseUrl = baseUrl
    this.appId = appId
    this.tally = tally
    this.outboxToken = outboxToken
  }

  async request(
    member: Member | undefined,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const cookie = member?.cookieHeader()
    this.inFlight += 1
    this.tally.requests += 1
    try {
      let response: Response
      try {
        response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        })
      } catch (error) {
        throw new Unreachable(`${method} ${path}: ${describe(error)}`)
      }
      let text: string
      try {
        // An answer whose body the kill cut off was never complete: it does not count as acknowledged.
        text = await response.text()
      } catch (error) {
        throw new Unreachable(`${method} ${path}: the answer was cut off (${describe(error)})`)
      }
      member?.takeCookies(response.headers.getSetCookie())
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: response.status, body: json, text }
    } finally {
      this.inFlight -= 1
    }
  }

  /** A wallet or account request signed with the member's device key over the RFC 8785 payload. */
  signed(member: Member, path: string, body: unknown): Promise<Answer> {
    const headers = {
      'privy-app-id': this.appId,
      'privy-request-expiry': String(Date.now() + 5 * 60_000),
    }
    const payload = authorizationPayload({ method: 'POST', url: `${this.baseUrl}${path}`, body, headers })
    const signature = sign('sha256', payload, { key: member.privateKey, dsaEncoding: 'der' }).toString(
      'base64',
    )
    return this.request(member, 'POST', path, body, {
      ...headers,
      'privy-authorization-signature': signature,
    })
  }

  /** The newest six-digit code the dev outbox holds for `to`. */
  async codeFor(to: string): Promise<string | undefined> {
    const answer = await this.request(
      undefined,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(to)}`,
      undefined,
      {
        'x-dev-outbox-token': this.outboxToken,
      },
    )
    if (answer.status !== 200) {
      this.tally.note('GET', '/api/dev/outbox', answer)
      return undefined
    }
    const text: string | undefined = answer.body?.messages?.[0]?.body
    return text?.match(/\b(\d{6})\b/)?.[1]
  }
}

/** The dev outbox token the server made in `dataDir` on its first start (0600, for its owner only). */
export function readOutboxToken(dataDir: string): string {
  return readFileSync(join(dataDir, 'dev-outbox-token'), 'utf8').trim()
}

/** What the server keeps of what was signed or exported: the SHA-256 of its RFC 8785 canonical JSON. */
export function activityDigest(subject: unknown): string {
  return createHash('sha256')
    .update(canonicalize(subject) ?? '')
    .digest('hex')
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause
    const code = (cause as { code?: string } | undefined)?.code
    return code ? `${error.message} (${code})` : error.message
  }
  return String(error)
}
