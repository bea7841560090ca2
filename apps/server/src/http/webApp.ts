import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

/**
 * Serves the built single-page app: hashed assets are cached for good, every other path that is not a
 * file gets index.html so that client-side routes survive a reload.
 */
export function webApp(distDir: string) {
  const app = new Hono()
  const indexPath = join(distDir, 'index.html')

  if (!existsSync(indexPath)) {
    app.get('*', (c) =>
      c.text(
        'The web app has not been built yet. Run `npm start` (which builds it) or `npm run build`.',
        503,
      ),
    )
    return app
  }

  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  app.use(
    '*',
    serveStatic({
      root: distDir,
      onFound: (path, c) => {
        if (path.endsWith('index.html')) c.header('Cache-Control', 'no-cache')
      },
    }),
  )
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(await readFile(indexPath, 'utf8'))
  })
  return app
}

export function isWebAppBuilt(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'))
}
