import fc from 'fast-check'
import { fuzzAppId } from './fuzzAppId.ts'
import { JsonEntries, Placeholder, type PlaceholderName, RawJson } from './jsonText.ts'
import type { Access, FuzzRoute } from './routeTable.ts'

/**
 * The fast-check arbitraries of the HTTP fuzz suite: hostile JSON values and bodies, headers, session and
 * signature modes, path segments, and `requestCase`, which puts them together for one route of the table.
 */

export const placeholder = (name: PlaceholderName, options?: Record<string, unknown>) =>
  fc.constant(new Placeholder(name, options))

// ---------------------------------------------------------------------------------------------------------
// Strings and numbers

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

/** Any code point past ASCII but the surrogates (fast-check's own 'binary' unit costs seconds to build). */
const anyCodePoint = fc
  .integer({ min: 0x80, max: 0x10ffff })
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code))

/** Graphemes of several code points: combining marks, emoji sequences, flags, ligatures. */
const grapheme = fc.constantFrom('e\u0301', '👍🏽', '👨‍👩‍👧', '🇫🇷', 'ﷺ', '한', 'ก้', '\u200d', 'ǅ', 'ﬃ')

/** Valid Unicode text of every kind. */
const unicodeChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: anyCodePoint },
  { weight: 1, arbitrary: grapheme },
)

/** One unit of a hostile string: mostly printable ASCII, with controls, NUL, lone surrogates and the rest of Unicode. */
const hostileChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: anyCodePoint },
  { weight: 2, arbitrary: grapheme },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\ufeff', '\u202e', '\u2028', '\u0301', '\uffff', '\ufffd'),
  },
)

/** Strings that are text but odd: empty, invisible, right-to-left, markup, SQL, names of prototype members. */
const oddStrings = [
  '',
  ' ',
  '\ufeff',
  '\u202e',
  '\u2028',
  'e\u0301',
  'é',
  '🙂',
  '日本語',
  'İ',
  'ß',
  '\\',
  '"',
  "'",
  '\r\n',
  '\t',
  '\u0001',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '%00',
  '%',
  '%ED%A0%80',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0x',
  '0x0',
  '1e400',
  'true',
  '{}',
  '[]',
]

/** Strings that are not text at all: a NUL, a lone surrogate (what JSON.parse lets through and Unicode does not). */
const poisonStrings = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud800y', '\udc00\ud800', '\ud83d']

/** Strings around the limits a route may have (100, 254, 4 KB, 32 KB) and past the 64 KB body limit. */
const longString = (units: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...units),
      fc.constantFrom(101, 255, 256, 1_000, 4_097, 16_000, 33_000, 70_000, 101, 255, 256, 1_000, 4_097),
    )
    .map(([unit, length]) => unit.repeat(length))

/** Any text: odd, long, in any script, with controls, but never a NUL or a lone surrogate. */
export const cleanString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: unicodeChar, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 1, arbitrary: longString(['a', '0', 'é', '🙂', '"', '\\']) },
)

/** Text, odd text, and strings that are not text (NUL, lone surrogates), short and long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: cleanString },
  { weight: 2, arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...poisonStrings) },
  { weight: 1, arbitrary: longString(['\u0000', '\ud800']) },
)

/** Numbers only JSON text can carry: past a double's range, below its precision, -0 written out. */
export const rawNumber = fc
  .constantFrom(
    '1e400',
    '-1e400',
    '1e-400',
    '-0',
    '-0.0',
    '0e0',
    '1E+2',
    '1.0',
    '0.0000000000000000000000001',
    '123456789012345678901234567890',
    '9007199254740993',
    '1e308',
    '2e308',
  )
  .map((text) => new RawJson(text))

/** Numbers a double holds: integers, fractions, -0, the edges of safe integers and of the double range. */
const finiteNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    2 ** 64,
    Number.MAX_VALUE,
    1e21,
    5e-324,
  ),
)

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: finiteNumber },
  { weight: 1, arbitrary: rawNumber },
)

// ---------------------------------------------------------------------------------------------------------
// JSON values

const knownKeys = [
  'email',
  'phoneNumber',
  'code',
  'mode',
  'token',
  'oldAddress',
  'newAddress',
  'old_phone_number',
  'new_phone_number',
  'refresh_token',
  'everywhere',
  'event_name',
  'client_id',
  'payload',
  'action',
  'via',
  'public_key',
  'request',
  'chain_type',
  'method',
  'params',
  'format',
  'message',
  'encoding',
  'transaction',
  'typed_data',
  'authorization_key',
  'step_up_code',
  'purpose',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
]

export const fieldKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...knownKeys) },
  { weight: 1, arbitrary: fc.string({ unit: hostileChar, maxLength: 12 }) },
)

const nestings = [
  ['[', ']'],
  ['{"a":', '}'],
  ['[{"a":', '}]'],
  ['{"payload":', '}'],
] as const

/** Nesting thousands deep, as much as fits in the 64 KB body limit. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(
    fc.constantFrom(...nestings),
    fc.oneof(fc.integer({ min: 1, max: 40_000 }), fc.constantFrom(100, 1_000, 5_000, 10_000, 31_000)),
  )
  .map(([[open, close], depth]) => {
    const fitting = Math.min(depth, Math.floor(63_000 / (open.length + close.length)))
    return new RawJson(
      `${open.repeat(fitting)}1${close.repeat(fitting)}`,
      `${open}1${close} nested ${fitting} deep`,
    )
  })

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
)

/**
 * A JSON value of the wrong type but well formed: text, finite numbers, booleans, null, small arrays and objects.
 * The body still parses, so the route's own checks (and what follows them) see it.
 */
export const wrongValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'wrongValue' },
    {
      weight: 6,
      arbitrary: fc.oneof(
        { weight: 4, arbitrary: cleanString },
        { weight: 3, arbitrary: finiteNumber },
        { weight: 1, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
    },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'wrongValue' }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...knownKeys), tie('value')), {
          maxLength: 3,
          depthIdentifier: 'wrongValue',
        })
        .map((entries) => new JsonEntries(entries)),
    },
  ),
})).value

/** Any JSON value, hostile at every level: odd keys (duplicates, `__proto__`), odd leaves, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'hostileValue' },
    { weight: 4, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'hostileValue' }) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(fieldKey, tie('value')), { maxLength: 4, depthIdentifier: 'hostileValue' })
        .map((entries) => new JsonEntries(entries)),
    },
    { weight: 1, arbitrary: deepNesting },
  ),
})).value

/**
 * A good value most of the time, else one of the wrong type, now and then anything at all (which may sink the
 * whole body at its parse: a NUL, a lone surrogate, 1e400, deep nesting).
 */
export const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 24, arbitrary: good as fc.Arbitrary<unknown> },
    { weight: 3, arbitrary: wrongValue },
    { weight: 1, arbitrary: hostileValue },
  )

const unknownFields = fc.oneof(
  { weight: 16, arbitrary: fc.constant([] as [string, unknown][]) },
  { weight: 2, arbitrary: fc.array(fc.tuple(fieldKey, wrongValue), { minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.array(fc.tuple(fieldKey, hostileValue), { minLength: 1, maxLength: 2 }) },
)

/** The arbitraries `shape` made (or `compound` named), known as such when they are a field of another shape. */
const shapes = new WeakSet<fc.Arbitrary<unknown>>()

/** Marks an arbitrary of objects as one `shape` keeps whole but for now and then, like a shape of its own. */
export function compound<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  shapes.add(arbitrary)
  return arbitrary
}

/**
 * A body of a route's own shape: each field there and mostly good, but sometimes missing (often, when it is
 * optional), written twice (another value first), or beside an unknown field. The first choice of each is the
 * route's own shape, which is where a counterexample shrinks to.
 */
export function shape(
  fields: Record<string, fc.Arbitrary<unknown>>,
  optional: readonly string[] = [],
): fc.Arbitrary<JsonEntries> {
  const each = Object.entries(fields).map(([name, good]) => {
    const isOptional = optional.includes(name)
    // A nested shape is seldom swapped whole, so that the fields inside it get their turn.
    const value = shapes.has(good)
      ? fc.oneof({ weight: 30, arbitrary: good }, { weight: 1, arbitrary: wrongValue })
      : mostly(good)
    return fc.oneof(
      {
        weight: isOptional ? 13 : 18,
        arbitrary: value.map((each): [string, unknown][] => [[name, each]]),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(wrongValue, value).map(([first, value]): [string, unknown][] => [
          [name, first],
          [name, value],
        ]),
      },
      { weight: isOptional ? 6 : 1, arbitrary: fc.constant<[string, unknown][]>([]) },
    )
  })
  const shaped = fc
    .tuple(fc.tuple(...each), unknownFields)
    .map(([present, unknown]) => new JsonEntries([...present.flat(), ...unknown]))
  shapes.add(shaped)
  return shaped
}

// ---------------------------------------------------------------------------------------------------------
// Bodies

export type BodySpec =
  | { kind: 'none' }
  /** A JSON value written by toJsonText once its placeholders are resolved. */
  | { kind: 'json'; value: unknown }
  /** Text sent as it is (UTF-8; a lone surrogate becomes U+FFFD on the wire). */
  | { kind: 'text'; text: string }
  /** Bytes that are not UTF-8, in hex. */
  | { kind: 'bytes'; hex: string }

const notJsonTexts = [
  '',
  ' ',
  'null',
  'undefined',
  '{',
  '}',
  '{"',
  '{"email":',
  "{'email':'a@example.org'}",
  'email=a%40example.org',
  '<?xml version="1.0"?><a/>',
  '\u0000',
  '{"a":1}garbage',
  '{"a":1}{"a":2}',
  '[1,]',
  '{"a":1,}',
  'NaN',
  'Infinity',
  '-Infinity',
  '"\\ud800"',
  '{"email":"\\udc00\\ud800"}',
  '{"email":"\\u0000"}',
  '"\\x41"',
  '{"a":"\\u00"}',
  '\ufeff{}',
  '\ufeff\ufeff{}',
  '{"email":"\u0000"}',
  '{"email":"\n"}',
  '0x10',
  '01',
  '1.',
  '.5',
  '+1',
  '1e',
  'true false',
  '/* */{}',
  '{} // comment',
]

const truncatedJson = fc
  .tuple(hostileValue, fc.nat())
  .map(([value, at]) => {
    let text: string
    try {
      text = JSON.stringify(value) ?? ''
    } catch {
      text = '{"a":'
    }
    return text.slice(0, at % (text.length + 1))
  })
  .filter((text) => text.length < 70_000)

const notJsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...notJsonTexts) },
  { weight: 2, arbitrary: fc.string({ unit: hostileChar, maxLength: 60 }) },
  { weight: 2, arbitrary: truncatedJson },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60_000 }).map((depth) => '['.repeat(depth)) },
)

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')
const badUtf8 = ['ff', 'fe', 'c080', 'eda080', 'edbfbf', 'f4908080', 'c3', 'e282', '80', 'f8888080a0']

const notUtf8: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...badUtf8),
  fc.constantFrom(...badUtf8).map((bytes) => `${hex('{"email":"')}${bytes}${hex('@example.org"}')}`),
  fc.constantFrom('fffe7b007d00', 'feff007b007d', 'efbbbf7b7d', '00'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('hex')),
)

/** A route's body: mostly of its shape, else any JSON value, text that is not JSON, bytes that are not UTF-8, or none. */
export function body(shaped: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<BodySpec> {
  const others = [
    { weight: 2, arbitrary: hostileValue.map((value): BodySpec => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: notJsonText.map((text): BodySpec => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: notUtf8.map((bytes): BodySpec => ({ kind: 'bytes', hex: bytes })) },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
  ]
  if (!shaped) return fc.oneof(...others)
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((value): BodySpec => ({ kind: 'json', value })) },
    ...others,
  )
}

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 14, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json;charset=latin1',
      'APPLICATION/JSON',
      'application/jsonp',
      'application/json-patch+json',
      'application/ld+json',
      'application/vnd.api+json',
      'application/json, text/plain',
      'application/json\t',
      '*/*',
      'json',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
)

// ---------------------------------------------------------------------------------------------------------
// Headers

/** What node:http lets through in a header value: no controls but tab (no NUL, CR, LF, DEL); Latin-1 at most. */
const headerChar = fc
  .oneof(
    { weight: 10, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.constant(0x09) },
    { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
  )
  .map((code) => String.fromCharCode(code))

const junkHeaderValues = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer x',
  'bearer  x',
  'Bearer a b',
  'Basic Zm9vOmJhcg==',
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1c2VyIiwic2lkIjoieCJ9.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
  'Bearer ....',
  'charter-session=',
  'charter-session=x; charter-session=y',
  'charter-session',
  '=;;=;',
  'charter-session="unterminated',
  'charter-session=%ZZ%',
  'charter-session=%E0%A4%A',
  'charter-session=%ED%A0%80',
  '__Host-charter-session=x',
  fuzzAppId,
  ` ${fuzzAppId}`,
  `${fuzzAppId}, ${fuzzAppId}`,
  '9999999999999999',
  '99999999999999999',
  '0',
  '-1',
  '1e3',
  'null',
  'undefined',
  '%00',
  'ÿ',
  '127.0.0.1, 10.0.0.1',
  'unknown',
  'evil.example',
  'localhost',
  '[::1]',
  '127.0.0.1:1',
  'charter.localhost',
  // Host names Node lets through that no URL can be made of.
  '1.2.3.4.5',
  'xn--',
  'a..b',
  '_',
  '../../',
  'gzip',
  'bytes=0-',
]

/** Junk for a header: short and odd, a known trap, or big (8 KB, within Node's 16 KB for all headers). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: headerChar, maxLength: 60 }) },
  { weight: 3, arbitrary: fc.constantFrom(...junkHeaderValues) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'a', '=', ';', '%', 'ÿ'), fc.constantFrom(1_000, 4_000, 8_000))
      .map(([unit, length]) => unit.repeat(length)),
  },
)

/** Headers that would break the request's framing or stall it, rather than test the server. */
const forbiddenHeaders = new Set([
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
])

const headerName: fc.Arbitrary<string> = fc
  .oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'authorization',
        'cookie',
        'content-type',
        'host',
        'privy-app-id',
        'privy-authorization-signature',
        'privy-idempotency-key',
        'privy-request-expiry',
        'privy-client',
        'privy-ca-id',
        'x-dev-outbox-token',
        'x-forwarded-for',
        'x-forwarded-host',
        'x-forwarded-proto',
        'user-agent',
        'accept',
        'accept-encoding',
        'content-encoding',
        'origin',
        'range',
      ),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/) },
  )
  .filter((name) => !forbiddenHeaders.has(name))

/** Extra headers, appended after the case's own (a second cookie or app id joins the first). */
export const junkHeaders = (weight: number): fc.Arbitrary<[string, string][]> =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant([] as [string, string][]) },
    { weight, arbitrary: fc.array(fc.tuple(headerName, headerValue), { minLength: 1, maxLength: 3 }) },
  )

// ---------------------------------------------------------------------------------------------------------
// Sessions and signatures

/**
 * How the case says who it is: not at all, with the fuzz member's real session (cookie, access token, two
 * session cookies of which one is real), as the app's own server (the app secret), or with junk in their
 * places.
 */
export type AuthMode =
  | 'none'
  | 'cookie'
  | 'bearer'
  | 'bearer+junk cookie'
  | 'junk cookie+cookie'
  | 'cookie+junk cookie'
  | 'junk cookie'
  | 'junk bearer'
  | 'junk authorization'
  | 'keyless cookie'
  | 'app secret'
  | 'junk basic'
  | 'outbox token'
  | 'pinning key'

export type Auth = { mode: AuthMode; junk: string }

export function auth(access: Access): fc.Arbitrary<Auth> {
  const needsSession = access === 'session' || access === 'signed'
  const real = needsSession ? 6 : 2
  const mode = fc.oneof(
    { weight: needsSession ? 1 : 4, arbitrary: fc.constant<AuthMode>('none') },
    { weight: access === 'app' ? 6 : 1, arbitrary: fc.constant<AuthMode>('app secret') },
    { weight: access === 'outbox' ? 6 : 1, arbitrary: fc.constant<AuthMode>('outbox token') },
    { weight: access === 'pinning' ? 6 : 1, arbitrary: fc.constant<AuthMode>('pinning key') },
    { weight: real, arbitrary: fc.constant<AuthMode>('cookie') },
    { weight: Math.ceil(real / 2), arbitrary: fc.constant<AuthMode>('bearer') },
    {
      weight: 1,
      arbitrary: fc.constantFrom<AuthMode>(
        'bearer+junk cookie',
        'junk cookie+cookie',
        'cookie+junk cookie',
        'junk cookie',
        'junk bearer',
        'junk authorization',
        'keyless cookie',
        'junk basic',
      ),
    },
  )
  return fc.record({ mode, junk: headerValue })
}

/** The signature of a signed wallet request: valid over the body sent, or not. */
export type SignatureMode = 'valid' | 'none' | 'junk' | 'other key' | 'other body'

export type Signing = {
  signature: SignatureMode
  junk: string
  /** undefined: no header. */
  appId: string | undefined
  idempotencyKey: string | Placeholder | undefined
  expiry: string | Placeholder | undefined
}

export const signing = (appId: string): fc.Arbitrary<Signing> =>
  fc.record({
    signature: fc.oneof(
      { weight: 12, arbitrary: fc.constant<SignatureMode>('valid') },
      { weight: 1, arbitrary: fc.constantFrom<SignatureMode>('none', 'junk', 'other key', 'other body') },
    ),
    junk: headerValue,
    appId: fc.oneof(
      { weight: 20, arbitrary: fc.constant(appId) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: headerValue },
    ),
    idempotencyKey: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.stringMatching(/^[\w.:-]{1,128}$/) },
      { weight: 1, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2') },
      { weight: 1, arbitrary: headerValue },
    ),
    expiry: fc.oneof(
      { weight: 20, arbitrary: placeholder('future.expiry') },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: placeholder('farFuture.expiry') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '0',
          '1',
          '9999999999999999',
          '99999999999999999',
          '8640000000000001',
          '1e13',
          '-1',
          '',
          '0x10',
        ),
      },
      { weight: 1, arbitrary: fc.nat().map(String) },
    ),
  })

// ---------------------------------------------------------------------------------------------------------
// Paths and queries

const unreserved = /[A-Za-z0-9\-._~]/

/** Percent-encodes a path segment or query value byte by byte (a lone surrogate goes as U+FFFD). */
export function encodeSegment(text: string): string {
  let out = ''
  for (const char of text) {
    if (unreserved.test(char)) out += char
    else
      for (const byte of Buffer.from(char, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

const rawSegments = [
  '',
  '.',
  '..',
  '%2e',
  '%2e%2e',
  '%',
  '%zz',
  '%0',
  '%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%2F',
  '%5C',
  ';',
  'a;b=c',
  '~',
  '@',
  ':',
  '*',
  '(',
  "'",
  '$',
  '!',
  '+',
]

/** A path segment as it goes on the wire: percent-encoded hostile text, a raw trap, a UUID. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((text) => encodeSegment(text.slice(0, 2_000))) },
  { weight: 2, arbitrary: fc.constantFrom(...rawSegments) },
  { weight: 1, arbitrary: fc.uuid() },
)

/** Raw query text; a placeholder stands for its value, percent-encoded. */
export type QueryPart = string | Placeholder

const queryPiece: fc.Arbitrary<QueryPart> = fc.oneof(
  fc.constantFrom(
    'to=',
    'to',
    '&',
    '=',
    '%',
    '%zz',
    'to=%ED%A0%80',
    'to=%00',
    'to=&to=x',
    'a[b]=c',
    '__proto__=1',
  ),
  hostileString.map((text) => `x=${encodeSegment(text.slice(0, 1_000))}`),
)

export const junkQuery: fc.Arbitrary<QueryPart[]> = fc.oneof(
  { weight: 9, arbitrary: fc.constant([] as QueryPart[]) },
  { weight: 1, arbitrary: fc.array(queryPiece, { minLength: 1, maxLength: 3 }) },
)

const dotSegment = /^(\.|%2e){1,2}$/i

/** Paths under /api/ (dot segments left out, so a case never walks out of the API). */
export const apiPath: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.constantFrom(
          'v1',
          'dev',
          'health',
          'outbox',
          'passwordless',
          'passwordless_sms',
          'init',
          'authenticate',
          'link',
          'update',
          'sessions',
          'logout',
          'users',
          'me',
          'analytics_events',
          'recovery',
          'oauth',
          'step_up',
          'wallets',
          'rpc',
          'export',
          'activity',
          'authorization_key',
        ),
        hostileSegment,
      ),
      { maxLength: 5 },
    ),
    fc.boolean(),
  )
  .map(([segments, slash]) => {
    const path = segments.map((segment) => (dotSegment.test(segment) ? '_' : segment)).join('/')
    return slash ? `${path}/` : path
  })

/**
 * A path the web app serves: its files, its client-side routes, and hostile segments (encoded dots and slashes
 * that would climb out of its folder). Never under /api, which is the API's.
 */
export const webPath: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.constantFrom(
          'assets',
          'app.js',
          'index.html',
          'wallet',
          'account',
          'developers',
          'favicon.ico',
          '.env',
          '..%2f..%2fpackage.json',
          'assets%2fapp.js',
          '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        ),
        hostileSegment,
      ),
      { maxLength: 4 },
    ),
    fc.boolean(),
  )
  .map(([segments, slash]) => {
    const path = segments.map((segment) => (dotSegment.test(segment) ? '_' : segment)).join('/')
    const web = /^api(\/|$)/i.test(path) ? `_${path}` : path
    return slash ? `${web}/` : web
  })

export const anyMethod = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'FOO',
)

// ---------------------------------------------------------------------------------------------------------
// One request

export type FuzzCase = {
  method: string
  /** Each path parameter: a raw segment, or a placeholder put in percent-encoded. */
  params: Record<string, string | Placeholder>
  query: QueryPart[]
  auth: Auth
  /** Signed wallet routes only. */
  signing: Signing | undefined
  headers: [string, string][]
  contentType: string | undefined
  /** The body goes chunked, without a Content-Length (so a body limit has to count as it reads). */
  chunked: boolean
  body: BodySpec
}

/** Who sends the case and how: the session, the signature, extra headers and the content type. */
type Envelope = Pick<FuzzCase, 'auth' | 'signing' | 'headers' | 'contentType' | 'chunked'>

/**
 * An envelope a browser would send: the member's session, a valid signature with an expiry a minute ahead, a
 * JSON content type. Most cases come in one, so their body reaches the route's own checks.
 */
function goodEnvelope(route: FuzzRoute, appId: string): fc.Arbitrary<Envelope> {
  return fc.record({
    auth: fc.record({
      mode:
        route.access === 'public'
          ? fc.oneof(
              { weight: 4, arbitrary: fc.constant<AuthMode>('none') },
              { weight: 1, arbitrary: fc.constantFrom<AuthMode>('cookie', 'bearer', 'app secret') },
            )
          : route.access === 'app'
            ? fc.constant<AuthMode>('app secret')
            : route.access === 'outbox'
              ? fc.constant<AuthMode>('outbox token')
              : route.access === 'pinning'
                ? fc.constant<AuthMode>('pinning key')
                : fc.constantFrom<AuthMode>('cookie', 'bearer'),
      junk: fc.constant(''),
    }),
    signing:
      route.access === 'signed'
        ? fc.record({
            signature: fc.constant<SignatureMode>('valid'),
            junk: fc.constant(''),
            appId: fc.constant<string | undefined>(appId),
            // A key of its own, so that replaying the case while shrinking is not a reuse of the key.
            idempotencyKey: fc.oneof(
              { weight: 4, arbitrary: fc.constant(undefined) },
              { weight: 1, arbitrary: placeholder('fresh.idempotencyKey') },
            ),
            expiry: placeholder('future.expiry') as fc.Arbitrary<Placeholder | string | undefined>,
          })
        : fc.constant(undefined),
    headers: fc.constant([] as [string, string][]),
    contentType: fc.constant<string | undefined>('application/json'),
    chunked: fc.constant(false),
  })
}

/** An envelope with every part fuzzed: no session or junk in its place, bad signatures, odd headers. */
function hostileEnvelope(route: FuzzRoute, appId: string): fc.Arbitrary<Envelope> {
  return fc.record({
    auth: auth(route.access),
    signing: route.access === 'signed' ? signing(appId) : fc.constant(undefined),
    headers: junkHeaders(route.access === 'signed' ? 1 : 3),
    contentType,
    chunked: fc.oneof(
      { weight: 3, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
}

/** A request to one route of the table: its method and path, with fuzzed parameters, headers and body. */
export function requestCase(route: FuzzRoute, appId: string): fc.Arbitrary<FuzzCase> {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
  return fc
    .record({
      method: route.method === '*' ? anyMethod : fc.constant(route.method),
      params: fc.record(route.params ?? {}),
      query: route.query ?? junkQuery,
      envelope: fc.oneof(
        { weight: 2, arbitrary: goodEnvelope(route, appId) },
        { weight: 1, arbitrary: hostileEnvelope(route, appId) },
      ),
      body: hasBody ? body(route.body) : fc.constant<BodySpec>({ kind: 'none' }),
    })
    .map(({ envelope, ...rest }): FuzzCase => ({ ...rest, ...envelope }))
}
