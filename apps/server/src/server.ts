import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type AppOptions, createApp } from './app.ts'

export type RunningServer = {
  /** The base URL the server answers on, e.g. http://127.0.0.1:3000 */
  url: string
  close: () => Promise<void>
}

/** Starts Charter's HTTP server; port 0 picks a free port (tests). */
export async function startServer(options: AppOptions): Promise<RunningServer> {
  const app = createApp(options)
  const { host, port } = options.settings
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s))
    s.once('error', reject)
  })
  const address = server.address() as AddressInfo
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections would hold close() open until they time out.
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
