import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/** The wallet frame's pages (walletFrame/): the only ones an app's page may frame. */
export const isWalletFramePage = (path: string) =>
  /^\/apps\/[^/]+\/embedded-wallets(\/export)?\/?$/.test(path)

const policy = (frameAncestors: string[]) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors,
    },
    referrerPolicy: 'no-referrer',
    // `frame-ancestors` says who may frame a page; X-Frame-Options cannot name an origin, so the frame has none.
    xFrameOptions: frameAncestors[0] === "'none'" ? 'DENY' : false,
    xContentTypeOptions: 'nosniff',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    overwrite: false,
  })

/**
 * Charter loads nothing from other origins, so the policy can be strict: its own origin only, no inline
 * script, no framing. `data:` images are allowed for QR codes rendered in the browser. The wallet frame's pages
 * alone may be framed, by Charter itself and the apps in ALLOWED_APP_ORIGINS. A route that sets one of these
 * headers itself keeps its own: the IPFS gateway's stricter sandbox policy, and its cross-origin resource policy
 * (public, content-addressed documents).
 */
export function securityHeaders(appOrigins: readonly string[] = []): MiddlewareHandler {
  const strict = policy(["'none'"])
  const framed = policy(["'self'", ...appOrigins])
  return (c, next) => (isWalletFramePage(c.req.path) ? framed(c, next) : strict(c, next))
}
