// Core runs in browsers and on Node, so it is typechecked with neither's types (tsconfig.json). These are the
// only platform globals it uses, each one both platforms define (WHATWG URL, Encoding and Fetch, Web Crypto),
// declared to the members core calls: using anything else fails core's typecheck. Fetch is for the storage
// client alone, the one part of core that reaches a network.

interface URLSearchParams {
  set(name: string, value: string): void
  toString(): string
}
declare var URLSearchParams: { new (init?: Record<string, string>): URLSearchParams }

interface URL {
  readonly hash: string
  readonly origin: string
  readonly pathname: string
  readonly protocol: string
  readonly search: string
  readonly searchParams: URLSearchParams
  toString(): string
}
declare var URL: { new (url: string, base?: string): URL }

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>
}
declare var TextEncoder: { new (): TextEncoder }

interface TextDecoder {
  decode(input?: Uint8Array<ArrayBuffer>): string
}
declare var TextDecoder: { new (label?: string, options?: { fatal?: boolean }): TextDecoder }

interface AbortSignal {
  readonly aborted: boolean
  readonly reason: unknown
}
declare var AbortSignal: { timeout(milliseconds: number): AbortSignal }

interface Headers {
  get(name: string): string | null
}

interface ReadableStreamDefaultReader<R> {
  read(): Promise<{ done: false; value: R } | { done: true; value?: undefined }>
  cancel(reason?: unknown): Promise<void>
}

interface ReadableStream<R> {
  getReader(): ReadableStreamDefaultReader<R>
  cancel(reason?: unknown): Promise<void>
}

interface Response {
  readonly status: number
  readonly ok: boolean
  readonly headers: Headers
  readonly body: ReadableStream<Uint8Array<ArrayBuffer>> | null
}

interface RequestInit {
  method?: string
  headers?: Record<string, string>
  body?: string
  signal?: AbortSignal
}
declare function fetch(input: string, init?: RequestInit): Promise<Response>

interface Crypto {
  getRandomValues<T extends Uint32Array<ArrayBuffer>>(array: T): T
}
declare var crypto: Crypto
