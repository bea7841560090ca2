import { generateKeyPairSync, sign } from 'node:crypto'
import { type AuthorizationMethod, authorizationPayload } from '@charter/core'
import type { AuthMode, FuzzCase } from './arbitraries.ts'
import { encodeSegment } from './arbitraries.ts'
import type { FuzzTarget } from './FuzzTarget.ts'
import { JsonEntries, Placeholder, resolvePlaceholders, toJsonText } from './jsonText.ts'
import type { Member, MemberSession, SessionKind } from './Member.ts'
import { NoAnswerError, type RawAnswer, rawRequest } from './rawRequest.ts'
import type { FuzzRoute } from './routeTable.ts'

/** What one case got, and whether that answer breaks the property. */
export type Outcome = {
  /** undefined: no answer at all (the connection failed or timed out). */
  status: number | undefined
  /** Why the answer breaks the property: a 5xx, a 4xx JSON without {error, code}, no answer. */
  problem: string | undefined
  /** Groups failures with one cause: the error the server logged, or the problem ('' for none). */
  cause: string
  /** The request as sent, for a person to read (written out for a failure only). */
  request: string
  answer: string
  /** The ERROR and WARN lines the server logged while answering. */
  logLines: string[]
  /** The member's sessions the request carried (cookie, access token). */
  carriedSessions: Set<SessionKind>
  /** The member's sessions the request named (refresh token, session id). */
  namedSessions: Set<SessionKind>
  /** The server said "sign in first" to a request that carried a session of the member's: it has ended. */
  sessionEnded: boolean
}

/** The auth modes that send the member's real session. */
const realSessionModes = new Set<AuthMode>([
  'cookie',
  'bearer',
  'bearer+junk cookie',
  'junk cookie+cookie',
  'cookie+junk cookie',
])

/** The placeholders that name one of the member's sessions. */
const sessionPlaceholders: Partial<Record<Placeholder['name'], SessionKind>> = {
  'member.refreshToken': 'main',
  'member.sessionId': 'main',
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey

const shorten = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text

/** The request's body bytes, and its JSON value with the placeholders resolved. */
async function bodyOf(fuzzCase: FuzzCase, resolve: (p: Placeholder) => Promise<unknown>) {
  const body = fuzzCase.body
  switch (body.kind) {
    case 'none':
      return { bytes: undefined, value: undefined }
    case 'json': {
      const value = await resolvePlaceholders(body.value, resolve)
      return { bytes: encoder.encode(toJsonText(value)), value }
    }
    case 'text':
      return { bytes: encoder.encode(body.text), value: undefined }
    case 'bytes':
      return { bytes: new Uint8Array(Buffer.from(body.hex, 'hex')), value: undefined }
  }
}

/** The `method` of a JSON body (the last one, as JSON.parse keeps it), for the wallet a signing method needs. */
function methodOf(value: unknown): unknown {
  if (!(value instanceof JsonEntries)) return undefined
  return value.entries.findLast(([key]) => key === 'method')?.[1]
}

/** The session headers of the case's auth mode. */
function authHeaders(
  fuzzCase: FuzzCase,
  session: MemberSession | undefined,
  keyless: MemberSession | undefined,
  target: Pick<FuzzTarget, 'appId' | 'appSecret' | 'outboxToken' | 'pinningKey'>,
): [string, string][] {
  const { mode, junk } = fuzzCase.auth
  const real = session?.cookie ?? ''
  const bearer = `Bearer ${session?.accessToken ?? ''}`
  switch (mode) {
    case 'none':
      return []
    case 'cookie':
      return [['cookie', real]]
    case 'bearer':
      return [['authorization', bearer]]
    case 'bearer+junk cookie':
      return [
        ['authorization', bearer],
        ['cookie', `charter-session=${junk}`],
      ]
    case 'junk cookie+cookie':
      return [['cookie', `charter-session=${junk}; ${real}`]]
    case 'cookie+junk cookie':
      return [['cookie', `${real}; charter-session=${junk}`]]
    case 'junk cookie':
      return [['cookie', `charter-session=${junk}`]]
    case 'junk bearer':
      return [['authorization', `Bearer ${junk}`]]
    case 'junk authorization':
      return [['authorization', junk]]
    case 'keyless cookie':
      return [['cookie', keyless?.cookie ?? '']]
    case 'app secret':
      return [
        ['authorization', `Basic ${Buffer.from(`${target.appId}:${target.appSecret}`).toString('base64')}`],
        ['privy-app-id', target.appId],
      ]
    case 'junk basic':
      return [['authorization', `Basic ${junk}`]]
    case 'outbox token':
      return [['x-dev-outbox-token', target.outboxToken]]
    case 'pinning key':
      return [['authorization', `Bearer ${target.pinningKey}`]]
  }
}

/** The signature header over what the server will verify: the URL it sees, the body it parses, these headers. */
function signature(
  fuzzCase: FuzzCase,
  url: string,
  headers: [string, string][],
  bytes: Uint8Array | undefined,
  session: MemberSession,
) {
  const signing = fuzzCase.signing
  if (!signing || signing.signature === 'none') return undefined
  if (signing.signature === 'junk') return signing.junk
  const { origin, pathname } = new URL(url)
  // Sent twice, these headers are refused before the signature is checked: the first one will do.
  const header = (name: string) => headers.find(([each]) => each === name)?.[1]
  const idempotencyKey = header('privy-idempotency-key')
  const expiry = header('privy-request-expiry')
  const payloadOf = (body: unknown) =>
    authorizationPayload({
      // Signed routes change something: POST, PUT, PATCH or DELETE, whichever the case sends.
      method: fuzzCase.method as AuthorizationMethod,
      url: `${origin}${pathname}`,
      body,
      headers: {
        'privy-app-id': header('privy-app-id') ?? '',
        ...(idempotencyKey !== undefined && { 'privy-idempotency-key': idempotencyKey }),
        ...(expiry !== undefined && { 'privy-request-expiry': expiry }),
      },
    })
  let payload: Uint8Array
  try {
    const text = bytes ? decoder.decode(bytes) : ''
    payload = payloadOf(
      signing.signature === 'other body' ? { other: true } : text === '' ? {} : JSON.parse(text),
    )
  } catch {
    // What is not JSON, or what RFC 8785 cannot write (a lone surrogate, 1e400, deep nesting), cannot be signed:
    // a signature over {} takes the body past the signature's presence to the server's own refusal of it.
    payload = payloadOf({})
  }
  const key = signing.signature === 'other key' ? otherKey : session.caller.privateKey
  return sign('sha256', payload, { key, dsaEncoding: 'der' }).toString('base64')
}

/**
 * The property: never a 5xx, and a 4xx in JSON is `{error, code}`, or, from the RPC proxy, a JSON-RPC error
 * (`{jsonrpc: '2.0', error: {code, message}}`), which is what its callers read.
 */
function judge(method: string, status: number, contentType: string, text: string): string | undefined {
  if (status >= 500) return `answered ${status}`
  if (status < 400 || method === 'HEAD' || !/\bjson\b/i.test(contentType)) return undefined
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `answered ${status} with JSON that does not parse`
  }
  const { error, code, jsonrpc } = (body ?? {}) as { error?: unknown; code?: unknown; jsonrpc?: unknown }
  if (jsonrpc === '2.0' && typeof error === 'object' && error !== null) {
    const { code: rpcCode, message } = error as { code?: unknown; message?: unknown }
    if (Number.isInteger(rpcCode) && typeof message === 'string') return undefined
  }
  if (typeof error !== 'string' || (typeof code !== 'string' && typeof code !== 'number')) {
    return `answered ${status} without {error, code}`
  }
  return undefined
}

/**
 * The error behind a 5xx, from the server's log line: its class or message (and its cause's) and the first
 * place in Charter's own code it went through, e.g. "Failed query: invalid byte sequence … (walletStore.ts:89:16)".
 */
function causeOf(logLines: string[]): string | undefined {
  for (const line of logLines) {
    const context = line.indexOf(' {')
    if (context === -1) continue
    let entry: { error?: unknown; stack?: unknown; cause?: { message?: unknown } }
    try {
      entry = JSON.parse(line.slice(context + 1))
    } catch {
      continue
    }
    if (typeof entry.error !== 'string') continue
    const [message = '', ...rest] = entry.error.split('\n')
    const because = typeof entry.cause?.message === 'string' ? `: ${entry.cause.message}` : ''
    const frames = [...rest, ...(typeof entry.stack === 'string' ? entry.stack.split('\n') : [])].filter(
      (frame) => frame.includes(' at '),
    )
    const placeOf = (frame: string) => frame.match(/([^/\s()]+:\d+:\d+)\)?\s*$/)?.[1]
    const ours = frames.find((frame) => frame.includes('/src/') && !frame.includes('node_modules'))
    const place = (ours && placeOf(ours)) ?? frames.map(placeOf).find((each) => each !== undefined)
    // The error's class, not its message: "Cannot convert 1e3 to a BigInt" and "… abc …" are one bug.
    const kind = /^[A-Z]\w*Error\b/.exec(message)?.[0] ?? message
    return `${kind}${because}${place ? ` (${place})` : ''}`
  }
  return undefined
}

/** Sends one case to the target as the member, and judges the answer. */
export async function sendCase(
  target: FuzzTarget,
  route: FuzzRoute,
  member: Member,
  fuzzCase: FuzzCase,
): Promise<Outcome> {
  const carriedSessions = new Set<SessionKind>()
  if (realSessionModes.has(fuzzCase.auth.mode)) carriedSessions.add('main')
  if (fuzzCase.auth.mode === 'keyless cookie') carriedSessions.add('keyless')
  const namedSessions = new Set<SessionKind>()
  const resolve = (placeholder: Placeholder, context?: { method?: unknown }) => {
    const kind = sessionPlaceholders[placeholder.name]
    if (kind) namedSessions.add(kind)
    return member.resolve(placeholder, target.other, context)
  }
  const usesSession =
    (fuzzCase.auth.mode !== 'none' && fuzzCase.auth.mode !== 'app secret') || fuzzCase.signing !== undefined
  const session = usesSession ? await member.session() : undefined
  const keyless = fuzzCase.auth.mode === 'keyless cookie' ? await member.keylessSession() : undefined

  const method = fuzzCase.method
  const { bytes, value } =
    method === 'GET' || method === 'HEAD'
      ? { bytes: undefined, value: undefined }
      : await bodyOf(fuzzCase, resolve)
  let path = route.path
  for (const [name, segment] of Object.entries(fuzzCase.params)) {
    const text =
      segment instanceof Placeholder
        ? encodeSegment(String(await resolve(segment, { method: methodOf(value) })))
        : segment
    path = path.replace(`:${name}`, () => text)
  }
  let query = ''
  for (const part of fuzzCase.query) {
    query += part instanceof Placeholder ? encodeSegment(String(await resolve(part))) : part
  }
  const url = `${target.url}${path}${query ? `?${query}` : ''}`

  const headers: [string, string][] = []
  if (fuzzCase.contentType !== undefined) headers.push(['content-type', fuzzCase.contentType])
  headers.push(...authHeaders(fuzzCase, session, keyless, target))
  const signing = fuzzCase.signing
  if (signing) {
    if (signing.appId !== undefined) headers.push(['privy-app-id', signing.appId])
    const key =
      signing.idempotencyKey instanceof Placeholder
        ? await resolve(signing.idempotencyKey)
        : signing.idempotencyKey
    if (key !== undefined) headers.push(['privy-idempotency-key', String(key)])
    const expiry = signing.expiry instanceof Placeholder ? await resolve(signing.expiry) : signing.expiry
    if (expiry !== undefined) headers.push(['privy-request-expiry', String(expiry)])
  }
  headers.push(...fuzzCase.headers)
  if (signing && session) {
    const value = signature(fuzzCase, url, headers, bytes, session)
    if (value !== undefined) headers.push(['privy-authorization-signature', value])
  }

  // Written out only for a failure: most cases pass, and their bodies may be 64 KB.
  const describe = () =>
    [
      `${method} ${url.slice(target.url.length)}`,
      ...headers.map(([name, value]) => `${name}: ${shorten(value, 120)}`),
      ...(bytes && fuzzCase.chunked ? ['transfer-encoding: chunked (two chunks)'] : []),
      bytes
        ? `body (${bytes.length} bytes): ${shorten(JSON.stringify(decoder.decode(bytes.subarray(0, 1_000))))}`
        : 'no body',
    ].join('\n')

  const logged = target.logs.length
  let answer: RawAnswer
  try {
    answer = await rawRequest(target.agent, new URL(target.url), {
      method,
      path: url.slice(target.url.length),
      headers,
      body: bytes,
      chunked: fuzzCase.chunked,
    })
  } catch (error) {
    // A request node:http refuses to write is the suite's mistake, not the server's.
    if (!(error instanceof NoAnswerError)) throw error
    return {
      status: undefined,
      problem: `no answer: ${error.code}: ${error.message}`,
      cause: `no answer: ${error.code}`,
      request: describe(),
      answer: `${error.code}: ${error.message}`,
      logLines: errorLines(target.logs, logged),
      carriedSessions,
      namedSessions,
      sessionEnded: false,
    }
  }
  const { status, contentType, text } = answer
  const logLines = errorLines(target.logs, logged)
  const problem = judge(method, status, contentType, text)
  return {
    status,
    problem,
    cause: !problem ? '' : status >= 500 ? (causeOf(logLines) ?? `${status} with nothing logged`) : problem,
    request: problem ? describe() : '',
    answer: `${status} ${contentType}\n${shorten(text)}`,
    logLines,
    carriedSessions,
    namedSessions,
    sessionEnded: status === 401 && carriedSessions.size > 0 && text.includes('"must_be_authenticated"'),
  }
}

const errorLines = (logs: string[], from: number) =>
  logs.slice(from).filter((line) => / (ERROR|WARN) /.test(line))
