import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import rootPackage from '../../../package.json' with { type: 'json' }
import type { Settings } from './env.ts'
import { errorHandler } from './http/errorHandler.ts'
import { healthRoutes } from './http/health.ts'
import { securityHeaders } from './http/securityHeaders.ts'
import { isWebAppBuilt, webApp } from './http/webApp.ts'
import type { Logger } from './logger.ts'

export const version: string = rootPackage.version

export const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url))

export type AppOptions = {
  settings: Settings
  logger: Logger
  /** Folder of the built web app; the default is `apps/web/dist`. */
  webDist?: string
}

/** The composition root: every route of Charter's server, its parts chosen by the settings. */
export function createApp({ settings, logger, webDist = defaultWebDist }: AppOptions) {
  const api = new Hono()
    .use(
      bodyLimit({
        maxSize: 64 * 1024,
        onError: (c) =>
          c.json({ error: 'The request body is too large (64 KB at most).', code: 'invalid_data' }, 413),
      }),
    )
    .route(
      '/health',
      healthRoutes({
        version,
        mode: settings.mode,
        parts: () => ({
          web: isWebAppBuilt(webDist) ? { status: 'ok' } : { status: 'missing', detail: 'run npm run build' },
        }),
      }),
    )
    .all('*', (c) =>
      c.json({ error: `There is no API route ${c.req.method} ${c.req.path}.`, code: 'not_found' }, 404),
    )

  const app = new Hono().use(securityHeaders()).route('/api', api).route('/', webApp(webDist))

  app.onError(errorHandler(logger))
  return app
}

export type AppType = ReturnType<typeof createApp>
