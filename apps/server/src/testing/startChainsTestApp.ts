import { apiFrame, appFrame } from '../app.ts'
import type { Chains } from '../chains/Chains.ts'
import { chainsRoutes } from '../chains/chainsRoutes.ts'
import { type RpcProxyLimits, rpcProxyRoutes } from '../chains/rpcProxyRoutes.ts'
import type { RateLimitRule } from '../http/rateLimit.ts'
import { createLogger } from '../log/logger.ts'
import { sessionCookie } from '../members/sessionCookie.ts'
import { closeServer, listen } from '../server.ts'
import { loadSettings } from '../settings/env.ts'
import { ApiClient, uniquePhoneNumber } from './ApiClient.ts'
import { startTestServer } from './startTestServer.ts'

/**
 * The chain routes behind the server's real frame (access log, host guard, body limit, session middleware,
 * error handler), over the real server's parts, but with chains and limits a test chooses: production chains
 * whose nodes are the test's own (one that redirects, hangs, fails, or wants a key in its URL) and a small rate
 * limit. A member signs in on the real server and calls these routes with the same session. What the real
 * server does with its own devnets is tested on it (`startTestServer` with LOCAL_CHAINS=on).
 */
export async function startChainsTestApp(options: {
  chains: Chains
  limits?: Partial<RpcProxyLimits> & { perSession?: RateLimitRule }
  trustProxy?: number
}) {
  const server = await startTestServer()
  const settings = loadSettings({ PORT: '0', DATA_DIR: server.dataDir, LOG_LEVEL: 'debug' })
  const logs: string[] = []
  const logger = createLogger('debug', (line) => logs.push(line))
  const { chains } = options
  const api = apiFrame({ settings, parts: server.parts, cookie: sessionCookie(false) })
    .route('/v1', chainsRoutes(chains, settings.newDeviceSendLimits))
    .route(
      '/v1',
      rpcProxyRoutes({
        chains,
        db: server.parts.database.db,
        appId: settings.appId,
        trustProxy: options.trustProxy ?? 0,
        logger,
        ...(options.limits && { limits: options.limits }),
      }),
    )
    .get('/health/chains', async (c) =>
      c.json({ describe: chains.describe(), health: await chains.health() }),
    )
  api.all('*', (c) =>
    c.json({ error: `There is no API route ${c.req.method} ${c.req.path}.`, code: 'not_found' }, 404),
  )
  const app = appFrame({ settings, logger }, (root) => root.route('/api', api))
  const node = await listen(app, '127.0.0.1', 0)
  const address = node.address() as { port: number }
  const url = `http://127.0.0.1:${address.port}`

  /** A member signed in on the real server, calling these routes with that session's cookie. */
  const member = async () => {
    const signIn = new ApiClient(server.url)
    const answer = await signIn.signInByPhone(uniquePhoneNumber())
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.text}`)
    const client = new ApiClient(url)
    client.cookie = signIn.cookie
    return { client, token: answer.body.token as string }
  }

  return {
    url,
    /** The real server's app id (read from the data folder it generated it into, or its APP_ID). */
    appId: settings.appId,
    logs: () => [...logs, ...server.logs].join('\n'),
    member,
    close: async () => {
      await closeServer(node)
      await server.close()
    },
  }
}
