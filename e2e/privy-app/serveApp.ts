import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
}

/** What belongs to Charter behind one origin: its API, the wallet frame's pages and their scripts. */
const isCharter = (path: string) => /^\/(api|apps|assets)\//.test(path)

/**
 * Serves the built test app, as an app's own web server would. With `charter`, it also passes Charter's paths
 * through to it with the Host kept (the reverse proxy docs/migrating-from-privy.md describes), so the app and
 * Charter share one origin; without, the app is alone on its origin and calls Charter on another.
 */
export async function serveApp(options: { dist: string; host: string; port: number; charter?: string }) {
  const upstream = options.charter ? new URL(options.charter) : undefined
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://app').pathname
    if (upstream && isCharter(path)) {
      const proxied = forward(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      proxied.on('error', () => outgoing.writeHead(502).end())
      incoming.pipe(proxied)
      return
    }
    const file = normalize(join(options.dist, path === '/' ? 'index.html' : path))
    const found = file.startsWith(options.dist) && existsSync(file) && statSync(file).isFile()
    const served = found ? file : join(options.dist, 'index.html')
    outgoing.writeHead(200, { 'content-type': types[extname(served)] ?? 'application/octet-stream' })
    createReadStream(served).pipe(outgoing)
  })
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
