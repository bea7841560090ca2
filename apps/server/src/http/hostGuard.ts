import type { MiddlewareHandler } from 'hono'

const loopbackNames = ['localhost', '127.0.0.1', '[::1]']
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The host name of a `Host` header (`name:port`, `[v6]:port`), lower-case; undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

/**
 * Answers only to Charter's own names, so no other website can reach it: a page on evil.example whose name is
 * made to point at 127.0.0.1 (DNS rebinding) sends `Host: evil.example` and gets 421; a page on another origin
 * that posts here sends its own `Origin` and gets 403, unless it is one of the apps named in ALLOWED_APP_ORIGINS. Embedded mode answers to the loopback names, production
 * to PUBLIC_URL's host (either also to PUBLIC_URL's host when set). The port is not checked: a rebinding page
 * controls the name, not the port. `/api/health` answers any name, for load balancers.
 */
export function hostGuard(options: {
  embedded: boolean
  publicUrl: URL | undefined
  /** The apps whose pages may call Charter from their own origin (ALLOWED_APP_ORIGINS): their changes pass too. */
  appOrigins?: readonly string[]
}): MiddlewareHandler {
  const appOrigins = new Set(options.appOrigins ?? [])
  const allowed = new Set([
    ...(options.embedded ? loopbackNames : []),
    ...(options.publicUrl ? [options.publicUrl.hostname] : []),
  ])
  const publicHost = options.publicUrl?.host
  const describeAllowed = [...allowed].join(', ')
  return async (c, next) => {
    const host = c.req.header('host') ?? ''
    const name = hostnameOf(host)
    const isHealth = c.req.path === '/api/health'
    // A Host that is no host name at all is refused even on /api/health: no URL can be made of it.
    const known =
      name !== undefined && (allowed.has(name) || (options.embedded && name.endsWith('.localhost')))
    if (name === undefined || (!isHealth && !known)) {
      return c.json(
        {
          error: `This server answers only to ${describeAllowed}, not to "${host.slice(0, 100)}". Open it by one of those names${options.embedded ? '' : ', or set PUBLIC_URL'}.`,
          code: 'misdirected_request',
        },
        421,
      )
    }
    const origin = c.req.header('origin')
    if (origin !== undefined && !safeMethods.has(c.req.method) && !appOrigins.has(origin)) {
      const originHost = origin === 'null' ? undefined : hostOfOrigin(origin)
      if (!originHost || (originHost !== host.toLowerCase() && originHost !== publicHost)) {
        return c.json(
          {
            error: `Requests from other websites are refused (Origin: ${origin.slice(0, 100)}).`,
            code: 'invalid_data',
          },
          403,
        )
      }
    }
    return next()
  }
}

function hostOfOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined
  } catch {
    return undefined
  }
}
