import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Hono } from 'hono'

/** What a frame page reads from its `<meta name="charter-frame">`: whose frame it is and who may talk to it. */
export type WalletFrameConfig = {
  appId: string
  /** The origins whose pages may frame it and send it messages (ALLOWED_APP_ORIGINS); its own origin always may. */
  allowedOrigins: string[]
}

const pages = { frame: 'wallet-frame.html', export: 'wallet-export.html' } as const

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * The pages Privy's React SDK frames from `{apiUrl}/apps/{APP_ID}/embedded-wallets`: the hidden wallet frame that
 * holds the session's device key and signs the SDK's wallet requests with it, and the export page that shows a
 * key after a fresh code (apps/web builds both). Only this app's id has them. Their headers (`frame-ancestors`)
 * come from `securityHeaders`, which knows these paths.
 */
export function walletFramePages({ distDir, config }: { distDir: string; config: WalletFrameConfig }) {
  const meta = `<meta name="charter-frame" content="${escapeAttribute(JSON.stringify(config))}">`
  const read = (file: string) => {
    const path = join(distDir, file)
    return existsSync(path)
      ? readFileSync(path, 'utf8').replace('<meta name="charter-frame">', meta)
      : undefined
  }
  const html = { frame: read(pages.frame), export: read(pages.export) }

  const page = (which: keyof typeof pages) =>
    new Hono().get('/', (c) => {
      if (c.req.param('appId') !== config.appId) {
        return c.json(
          { error: `There is no app ${c.req.param('appId')?.slice(0, 64)} here.`, code: 'not_found' },
          404,
        )
      }
      const text = html[which]
      if (text === undefined) {
        return c.text(
          'The web app has not been built yet. Run `npm start` (which builds it) or `npm run build`.',
          503,
        )
      }
      c.header('Cache-Control', 'no-store')
      return c.html(text)
    })

  return new Hono()
    .route('/:appId/embedded-wallets/export', page('export'))
    .route('/:appId/embedded-wallets', page('frame'))
}
