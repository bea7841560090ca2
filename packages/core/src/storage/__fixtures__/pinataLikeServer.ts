import { createHash } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { base32nopad, base58 } from '@scure/base'

/** A request as the server took it in: what the client under test really sent. */
export type ReceivedRequest = {
  method: string
  /** Path and query, as sent. */
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** Answers one request; return false to fall back to the Pinata-like answer. */
export type Answer = (request: ReceivedRequest, response: ServerResponse) => boolean | undefined

export type PinataLikeServer = {
  url: string
  /** Every request, in order. */
  received: ReceivedRequest[]
  /** The documents pinned so far, by the hash the server answered with, as the bytes it stored. */
  pinned: Map<string, string>
  /** Replaces how the next requests are answered. */
  answerWith(answer: Answer | undefined): void
  close(): Promise<void>
}

/**
 * A local HTTP server that answers as Pinata's API and a Pinata gateway do: `POST /pinning/pinJSONToIPFS`
 * (with a bearer key) stores `JSON.stringify(pinataContent)` and answers 200 `{IpfsHash, PinSize, Timestamp}`;
 * `GET /ipfs/{hash}` serves what was stored, as application/json, or 404. The hashes are CIDs of the right
 * shape made from the sha2-256 of the bytes (CIDv0, or CIDv1 raw when `pinataOptions.cidVersion` is 1); the
 * encoding `ipfs add` uses for CIDv0 is the pinning service's concern, and tested there.
 */
export async function startPinataLikeServer(options: { pinningKey: string }): Promise<PinataLikeServer> {
  const received: ReceivedRequest[] = []
  const pinned = new Map<string, string>()
  let answer: Answer | undefined

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(request)
      if (answer?.(request, response) === true) return
      answerLikePinata(request, response)
    })
  })

  function answerLikePinata(request: ReceivedRequest, response: ServerResponse) {
    const path = new URL(request.url, 'http://localhost').pathname
    if (request.method === 'POST' && path === '/pinning/pinJSONToIPFS') {
      if (request.headers.authorization !== `Bearer ${options.pinningKey}`)
        return sendJson(response, 401, { error: { reason: 'INVALID_CREDENTIALS' } })
      const { pinataContent, pinataOptions } = JSON.parse(request.body)
      const bytes = JSON.stringify(pinataContent)
      const hash = cidOf(bytes, pinataOptions?.cidVersion === 1 ? 1 : 0)
      pinned.set(hash, bytes)
      return sendJson(response, 200, {
        IpfsHash: hash,
        PinSize: Buffer.byteLength(bytes),
        Timestamp: new Date().toISOString(),
      })
    }
    const stored = request.method === 'GET' ? pinned.get(path.replace(/^\/ipfs\//, '')) : undefined
    if (stored === undefined) return sendJson(response, 404, { error: 'not found' })
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(stored)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    pinned,
    answerWith: (next) => {
      answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A test may have left a request hanging on purpose.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

function cidOf(bytes: string, version: 0 | 1): string {
  const multihash = Buffer.concat([Buffer.from([0x12, 0x20]), createHash('sha256').update(bytes).digest()])
  if (version === 0) return base58.encode(multihash)
  // CIDv1, raw codec (0x55), in multibase base32: 'b' and lower-case letters.
  return `b${base32nopad.encode(Buffer.concat([Buffer.from([0x01, 0x55]), multihash])).toLowerCase()}`
}

/** The URL of a port nothing listens on any more: a connection there is refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
