import { type ClientResponse, hc, type InferRequestType } from 'hono/client'
import type { ExtractSchema, ResponseFormat } from 'hono/types'
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status'
import type { AppType } from '../app.ts'
import type { ErrorBody } from '../http/errorHandler.ts'
import { outboxTokenFor } from './outboxTokens.ts'

type Routes = ExtractSchema<AppType>
type Client = ReturnType<typeof hc<AppType>>

/** A route path as a test writes it: `/api/v1/sessions/:id/logout` is `/api/v1/sessions/${string}/logout`. */
type Written<Path extends string> = Path extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Written<Tail>}`
  : Path extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : Path

/** The route a path names: the route of that very path, else the routes whose parameters it fills in. */
type RouteOf<Path extends string> = Path extends keyof Routes
  ? Path
  : { [Route in keyof Routes & string]: Path extends Written<Route> ? Route : never }[keyof Routes & string]

type WithoutQuery<Path extends string> = Path extends `${infer Bare}?${string}` ? Bare : Path

type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode

/** The answers a route declares for a success; its refusals are `ErrorBody`, for every route alike. */
type Succeeding<Endpoints> = Exclude<Endpoints, { status: ErrorStatus }>

/** The same of a typed call's answer (`hc`): what it answers when it succeeds. */
type SucceedingOutput<Response> =
  Response extends ClientResponse<infer Output, infer Status, infer _Format>
    ? [Status] extends [ErrorStatus]
      ? never
      : Output
    : never

/**
 * What `method path` answers when it succeeds, as the server's routes declare it (`AppType`); a path no route
 * has answers `{error, code}`. A path known only when the test runs (a `string`) could answer anything.
 */
type SuccessOf<Method extends string, Path extends string> = string extends Path
  ? // biome-ignore lint/suspicious/noExplicitAny: the route is not known before the test runs.
    any
  : RouteOf<WithoutQuery<Path>> extends infer Route extends keyof Routes
    ? [Route] extends [never]
      ? ErrorBody
      : `$${Lowercase<Method>}` extends infer Key extends keyof Routes[Route]
        ? Succeeding<Routes[Route][Key]> extends { output: infer Output }
          ? Output
          : ErrorBody
        : ErrorBody
    : ErrorBody

type IsUnion<T> = [T] extends [UnionToIntersection<T>] ? false : true
type UnionToIntersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never

/**
 * An answer's type as a test reads it: every field with the type the route declares, except where a value is
 * one of several shapes (a linked account is a phone, an email or a wallet): a test tells those apart by
 * their `type` as it runs, so such a value reads as `any`.
 */
export type Readable<T> = [Exclude<T, null | undefined>] extends [object]
  ? IsUnion<Exclude<T, null | undefined>> extends true
    ? // biome-ignore lint/suspicious/noExplicitAny: see above.
      any
    : { [Key in keyof T]: Readable<T[Key]> }
  : T

/**
 * An answer as a test reads it: `body` is the route's own answer, or its refusal (`{error, code}`) when the
 * status says so; a test reads either after checking `status`.
 */
export type Answer<Success> = {
  status: number
  headers: Headers
  body: Readable<Success> & ErrorBody
  text: string
}

type AuthenticateBody<Route extends 'passwordless_sms' | 'passwordless'> = InferRequestType<
  Client['api']['v1'][Route]['authenticate']['$post']
>['json']

/**
 * A caller of the real server over HTTP that keeps its cookies like a browser would, so tests read as
 * a person's steps: ask for a code, read it from the dev outbox, sign in. Its calls go through `hc<AppType>`
 * (`client`), so their inputs and answers are the server's own types; `request`, `post` and `get` send
 * anything at all (a test of bad input), and type the answer by the route the path names.
 */
export class ApiClient {
  /** The cookies the server set and has not cleared, by name (the session cookie, the code-flow cookie). */
  readonly #jar = new Map<string, string>()
  readonly baseUrl: string
  /** Sent with every request (unless it brings its own): e.g. `x-forwarded-for`, to be another client address. */
  readonly headers: Record<string, string>
  /** The server's routes, typed by `AppType`, sent with this client's cookies. */
  readonly client: Client

  constructor(baseUrl: string, options: { headers?: Record<string, string> } = {}) {
    this.baseUrl = baseUrl
    this.headers = options.headers ?? {}
    this.client = hc<AppType>(baseUrl, {
      fetch: (input: string | URL | Request, init?: RequestInit) => this.#fetch(input, init),
    })
  }

  /** The Cookie header this client sends (`name=value; …`), or undefined when it holds none. */
  get cookie(): string | undefined {
    if (this.#jar.size === 0) return undefined
    return [...this.#jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** Replaces every cookie with those of a Cookie header (another client's, say). */
  set cookie(header: string | undefined) {
    this.#jar.clear()
    for (const pair of header?.split(';') ?? []) this.#keep(pair.trim())
  }

  /** Keeps `name=value`, or forgets the cookie when the value is empty (how the server clears one). */
  #keep(pair: string) {
    const at = pair.indexOf('=')
    if (at <= 0) return
    const name = pair.slice(0, at)
    const value = pair.slice(at + 1)
    if (value) this.#jar.set(name, value)
    else this.#jar.delete(name)
  }

  /** Sends with its cookies (unless the request brings its own) and keeps those the server sets, like a browser. */
  async #fetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value)
    const cookie = this.cookie
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie)
    const response = await fetch(input, { ...init, headers })
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';')
      const expired = attributes.some((each) => /^\s*max-age=0\s*$/i.test(each))
      this.#keep(expired ? `${pair.split('=')[0]}=` : pair.trim())
    }
    return response
  }

  /** A typed call's answer (through `client`), with its body read. */
  #answer<Response extends ClientResponse<unknown, number, ResponseFormat>>(
    response: Response,
  ): Promise<Answer<SucceedingOutput<Response>>> {
    return this.#read(response)
  }

  /** The answer with its body read: JSON when it is JSON, and the text either way. */
  async #read<Success>(response: {
    status: number
    headers: Headers
    text: () => Promise<string>
  }): Promise<Answer<Success>> {
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, body: json as Answer<Success>['body'], text }
  }

  /** Any request, as it is: a string body is sent as written, anything else as JSON. */
  async request<Method extends string, Path extends string>(
    method: Method,
    path: Path,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<SuccessOf<Method, Path>>> {
    const response = await this.#fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    return this.#read(response)
  }

  post = <Path extends string>(path: Path, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers)
  get = <Path extends string>(path: Path, headers?: Record<string, string>) =>
    this.request('GET', path, undefined, headers)

  /**
   * What the dev outbox holds for `to`, newest first (codes and notices), read with the server's outbox token as
   * whoever started the server would.
   */
  async outbox(to: string) {
    const answer = await this.#answer(
      await this.client.api.dev.outbox.$get(
        { query: { to } },
        { headers: { 'x-dev-outbox-token': outboxTokenFor(this.baseUrl) } },
      ),
    )
    if (answer.status !== 200) throw new Error(`the dev outbox answered ${answer.status}: ${answer.text}`)
    return answer.body.messages
  }

  /** The newest code the dev outbox holds for `to`. */
  async codeFor(to: string): Promise<string> {
    const messages = await this.outbox(to)
    const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error(`no code in the outbox for ${to}`)
    return code
  }

  /** Signs in by SMS; `extra` goes into the authenticate body (e.g. the device key, `authorization_key`). */
  async signInByPhone(phoneNumber: string, extra: Partial<AuthenticateBody<'passwordless_sms'>> = {}) {
    const family = this.client.api.v1.passwordless_sms
    const init = await this.#answer(await family.init.$post({ json: { phoneNumber } }))
    if (init.status !== 200) throw new Error(`init failed: ${init.text}`)
    const code = await this.codeFor(phoneNumber)
    return this.#answer(await family.authenticate.$post({ json: { phoneNumber, code, ...extra } }))
  }

  async signInByEmail(email: string, extra: Partial<AuthenticateBody<'passwordless'>> = {}) {
    const family = this.client.api.v1.passwordless
    const init = await this.#answer(await family.init.$post({ json: { email } }))
    if (init.status !== 200) throw new Error(`init failed: ${init.text}`)
    const code = await this.codeFor(email)
    return this.#answer(await family.authenticate.$post({ json: { email, code, ...extra } }))
  }
}

let counter = 0
/**
 * US area codes whose numbers the phone rules accept: 18 of them, 144 million numbers, so the thousands a run
 * draws (the fuzzer's among them) all but never meet.
 */
const areaCodes = '415 628 650 510 212 646 917 718 312 773 206 617 213 310 305 404 512 303'.split(' ')
const randomInt = (below: number) => Math.floor(Math.random() * below)
/**
 * A valid US mobile number no other test is likely to use: every test file of a run shares one PostgreSQL
 * database, so the number is random throughout (144 million of them), not a per-file counter that restarts at 1 in
 * every file; two files drawing the same number would sign in to one account.
 */
export function uniquePhoneNumber(): string {
  const area = areaCodes[randomInt(areaCodes.length)] as string
  return `+1${area}${200 + randomInt(800)}${String(randomInt(10_000)).padStart(4, '0')}`
}

export function uniqueEmail(): string {
  counter += 1
  return `member-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`
}
