// Core runs in browsers and on Node, so it is typechecked with neither's types (tsconfig.json). These are the
// only platform globals it uses, each one both platforms define (WHATWG URL and Encoding, Web Crypto), declared
// to the members core calls: using anything else fails core's typecheck.

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

interface Crypto {
  getRandomValues<T extends Uint32Array<ArrayBuffer>>(array: T): T
}
declare var crypto: Crypto
