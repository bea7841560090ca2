import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type DelayProxy = {
  /** A new route of the proxy to `upstream`: its URL, whose requests are counted on their own. */
  route(upstream: string): string
  /** HTTP requests received so far, over every route. */
  requests(): number
  /** HTTP requests received so far on one route (a URL `route` gave). */
  requestsTo(url: string): number
  close(): Promise<void>
}

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A JSON-RPC proxy on loopback that stands for a remote node: each POST waits `delayMs` after it arrived (the
 * round trip to a distant node), then goes to its route's upstream as it came, and the answer comes back as it
 * came. It counts HTTP requests, so a batch or a Multicall counts once, as it would on the wire.
 */
export async function startDelayProxy({ delayMs }: { delayMs: number }): Promise<DelayProxy> {
  const upstreams: string[] = []
  const counts: number[] = []
  let total = 0
  const server = createServer(async (request, response) => {
    const index = Number(request.url?.slice(1))
    const upstream = upstreams[index]
    if (upstream === undefined || request.method !== 'POST') {
      response.writeHead(404).end()
      return
    }
    total += 1
    counts[index] = (counts[index] ?? 0) + 1
    const delayed = new Promise((resolve) => setTimeout(resolve, delayMs))
    try {
      const body = await readBody(request)
      await delayed
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = Buffer.from(await answer.arrayBuffer())
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text)
    } catch (error) {
      response.writeHead(502).end(error instanceof Error ? error.message : String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const indexOf = (url: string) => Number(new URL(url).pathname.slice(1))

  return {
    route(upstream) {
      upstreams.push(upstream)
      return `${origin}/${upstreams.length - 1}`
    },
    requests: () => total,
    requestsTo: (url) => counts[indexOf(url)] ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Kept-alive connections would hold `close` open until they time out.
        server.closeAllConnections()
      }),
  }
}
