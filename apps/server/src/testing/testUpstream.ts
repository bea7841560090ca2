import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type SeenRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

/**
 * A chain's node gone wrong, as a test needs it: a tiny HTTP server of the test's own whose every answer `handle`
 * writes (a redirect, silence, a 500, a relay to a real node), and which keeps what it was sent.
 */
export async function startTestUpstream(
  handle: (
    request: SeenRequest,
  ) => Promise<{ status: number; headers?: Record<string, string>; body?: string } | 'hang'>,
) {
  const seen: SeenRequest[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      seen.push(entry)
      const answer = await handle(entry)
      if (answer === 'hang') return
      response.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' })
      response.end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Relays a request's body to a real node and hands back its answer. */
export async function relay(url: string, body: string) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: response.status, body: await response.text() }
}
