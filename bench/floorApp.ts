import type { AddressInfo } from 'node:net'
import { type AppParts, apiFrame, appFrame } from '../apps/server/src/app.ts'
import type { Logger } from '../apps/server/src/log/logger.ts'
import { idempotency } from '../apps/server/src/members/idempotency.ts'
import { sessionCookie } from '../apps/server/src/members/sessionCookie.ts'
import { signedRequest } from '../apps/server/src/members/signedRequest.ts'
import { closeServer, listen } from '../apps/server/src/server.ts'
import type { Settings } from '../apps/server/src/settings/env.ts'

/** What the floor routes answer: constants the size of the real answers, so both carry the same bytes back. */
export const floorAnswers = {
  plain: { success: true, expires_at: 1_700_000_000 },
  personalSign: { method: 'personal_sign', data: `0x${'ab'.repeat(65)}` },
}

/** The no-op route behind the same middleware as the sign-in routes. */
export const plainFloorPath = '/api/v1/bench/floor'

/** The no-op route behind the same middleware, signature check and idempotency as a wallet's `rpc`. */
export const signedFloorPath = (walletId: string) => `/api/v1/wallets/${walletId}/floor`

type FloorOptions = { settings: Settings; logger: Logger; parts: AppParts }

/**
 * The HTTP floor: Charter's own frames (`appFrame`, `apiFrame` of apps/server/src/app.ts, the very steps every
 * request passes) in front of routes that do no work. A figure beside it is the route's own work; the floor
 * itself is what any request costs (transport, headers, host guard, session, signature check).
 */
export function floorApp({ settings, logger, parts }: FloorOptions) {
  const { db } = parts.database
  const signed = signedRequest({
    appId: settings.appId,
    publicOrigin: settings.publicUrl?.origin,
    trustProxy: settings.trustProxy,
    refusal: 'wallet',
  })
  const api = apiFrame({ settings, parts, cookie: sessionCookie(settings.mode === 'production') })
    .post('/v1/bench/floor', (c) => c.json(floorAnswers.plain))
    .post('/v1/wallets/:id/floor', signed, idempotency({ db, keepAnswers: true }), (c) =>
      c.json(floorAnswers.personalSign),
    )
  return appFrame({ settings, logger }, (app) => app.route('/api', api))
}

/** The floor app on a port of its own on the server's host, with the server's connection limits. */
export async function serveFloor(
  options: FloorOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const host = options.settings.host
  const server = await listen(floorApp(options), host, 0)
  const { port } = server.address() as AddressInfo
  return { url: `http://${host}:${port}`, close: () => closeServer(server) }
}
