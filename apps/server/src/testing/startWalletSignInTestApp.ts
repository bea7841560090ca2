import { z } from 'zod'
import { apiFrame, appFrame } from '../app.ts'
import type { Chains } from '../chains/Chains.ts'
import { loadSettings } from '../env.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { jsonBody } from '../http/validate.ts'
import { createLogger } from '../logger.ts'
import { sessionCookie } from '../members/sessionCookie.ts'
import { closeServer, listen } from '../server.ts'
import { issueSignInNonce, type SignInNonceLimits } from '../walletSignIn/signInNonces.ts'
import { signInSite } from '../walletSignIn/signInSite.ts'
import { verifySiweSignIn } from '../walletSignIn/verifySiweSignIn.ts'
import { verifySiwsSignIn } from '../walletSignIn/verifySiwsSignIn.ts'
import { startTestServer } from './startTestServer.ts'

const family = z.object({ family: z.enum(['ethereum', 'solana']) })
const init = z.object({ address: z.string() })
const signed = z.object({ message: z.string(), signature: z.string() })

/**
 * The wallet sign-in checks behind the server's real frame (host guard, body limit, error handler) and over its
 * real database, on test-only routes, until the sign-in routes call them: `POST /api/v1/test-wallet-sign-in/
 * {ethereum|solana}/init {address}` issues a nonce, `…/verify {message, signature}` checks a signed message and
 * answers whose it is. Chains and nonce limits are the test's own; the client address is X-Forwarded-For's
 * (one trusted proxy), so a test's throttling counts are its own even on a shared database.
 */
export async function startWalletSignInTestApp(options: { chains: Chains; limits: SignInNonceLimits }) {
  const server = await startTestServer()
  const settings = loadSettings({ PORT: '0', DATA_DIR: server.dataDir, LOG_LEVEL: 'debug' })
  const logs: string[] = []
  const logger = createLogger('debug', (line) => logs.push(line))
  const { db } = server.parts.database
  const { chains, limits } = options
  const api = apiFrame({ settings, parts: server.parts, cookie: sessionCookie(false) })
    .post('/v1/test-wallet-sign-in/:family/init', jsonBody(init), async (c) => {
      const { family: which } = family.parse(c.req.param())
      const { address } = c.req.valid('json')
      const issued = await issueSignInNonce(
        db,
        { family: which, address, client: clientAddress(c, 1) },
        { limits },
      )
      return c.json({
        nonce: issued.nonce,
        address,
        expires_at: Math.floor(issued.expiresAt.getTime() / 1000),
      })
    })
    .post('/v1/test-wallet-sign-in/ethereum/verify', jsonBody(signed), async (c) => {
      const site = signInSite(settings.publicUrl, c.req.url)
      const verified = await verifySiweSignIn(db, chains, { ...c.req.valid('json'), site })
      return c.json({ address: verified.address, chain_id: verified.chainId })
    })
    .post('/v1/test-wallet-sign-in/solana/verify', jsonBody(signed), async (c) => {
      const site = signInSite(settings.publicUrl, c.req.url)
      const verified = await verifySiwsSignIn(db, chains, { ...c.req.valid('json'), site })
      return c.json({ address: verified.address, cluster: verified.cluster ?? null })
    })
  const app = appFrame({ settings, logger }, (root) => root.route('/api', api))
  const node = await listen(app, '127.0.0.1', 0)
  const url = `http://127.0.0.1:${(node.address() as { port: number }).port}`
  return {
    url,
    logs: () => [...logs, ...server.logs].join('\n'),
    close: async () => {
      await closeServer(node)
      await server.close()
    },
  }
}
