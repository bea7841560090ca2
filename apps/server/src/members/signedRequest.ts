import { type AuthorizationMethod, authorizationPayload, LoginError } from '@charter/core'
import type { Context, MiddlewareHandler } from 'hono'
import { parseJsonText } from '../http/parseJsonText.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { verifyAuthorizationSignature } from './deviceKeys.ts'
import { requireSession, type SessionVariables } from './sessionMiddleware.ts'

export type SignedRequestVariables = SessionVariables & {
  /** The body whose signature was checked, parsed and checked for shape (depth, strings, numbers). */
  signedBody: unknown
}

/** A signed request may be sent at most this long after it was signed (`privy-request-expiry`). */
export const maxRequestLifetimeMs = 30 * 60_000

/**
 * How far the caller's clock may differ from the server's, either way: an expiry up to this long past is still
 * taken (a phone a few seconds behind, a request that waited in a queue), and one up to this much beyond the
 * lifetime too (a clock ahead).
 */
export const clockSkewMs = 30_000

export type SignedRequestOptions = {
  appId: string
  /** The origin members open (PUBLIC_URL): what signed URLs start with, whatever a proxy says. */
  publicOrigin: string | undefined
  trustProxy: number
  /**
   * Who is refused and how: wallet routes answer EIP-1193's 4100, account and organisation routes the login
   * provider's `missing_or_invalid_mfa`, each naming what is missing.
   */
  refusal: 'wallet' | 'account' | 'organization'
}

/** How a session without a device key gets one (docs/migrating-from-privy.md). */
const addKey =
  'Add one: ask for a code with POST /api/v1/step_up/init {"action": "register_key"}, send it with your P-256 public key to POST /api/v1/sessions/authorization_key {"public_key", "code"}, then sign this request with that key. In Charter\'s web app, sign out and sign in again on this device.'

const noKeyForWallet =
  'This session has no device key, so it cannot make this request. Sign out and sign in again on this device.'

/**
 * Sessions without a key are mostly SDK clients (Privy's among them), which never sign account changes: the
 * refusal says how such a session gets one (docs/migrating-from-privy.md).
 */
const noKeyForAccount = `Adding or changing a sign-in address needs the signature of this session's device key (privy-authorization-signature), and this session has no device key. ${addKey}`

/** What a session without a device key is told, by what it asked for. */
const noKey = {
  wallet: noKeyForWallet,
  account: noKeyForAccount,
  organization: `Changing an organisation (its document, roles, members or invitations), or answering an invitation, needs the signature of this session's device key (privy-authorization-signature), and this session has no device key. ${addKey}`,
} as const

const signedMethods: ReadonlySet<string> = new Set<AuthorizationMethod>(['POST', 'PUT', 'PATCH', 'DELETE'])
const isSignedMethod = (method: string): method is AuthorizationMethod => signedMethods.has(method)

/** The URL the browser signed: under the public origin when one is set, else the request's own. */
function signedUrl(c: Context, options: SignedRequestOptions): string {
  const url = new URL(c.req.url)
  if (options.publicOrigin) {
    const origin = new URL(options.publicOrigin)
    url.protocol = origin.protocol
    url.host = origin.host
  } else if (options.trustProxy > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`
    if (host && /^[\w.-]+(:\d{1,5})?$/.test(host)) url.host = host
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/**
 * A request only the session's device can make: the session, a body signed with the P-256 key the session is
 * bound to over the RFC 8785 payload (its method, URL, body and headers), and an expiry at most 30 minutes ahead (30 seconds either way for clocks), so a signed request cannot be
 * kept for later. A stolen cookie or access token alone gets no further than this.
 */
export function signedRequest(
  options: SignedRequestOptions,
): MiddlewareHandler<{ Variables: SignedRequestVariables }> {
  const refuse = (message: string) =>
    options.refusal === 'wallet'
      ? new WalletApiError(4100, 401, message)
      : new LoginError('missing_or_invalid_mfa', { message })
  return async (c, next) => {
    const session = requireSession(c)
    const key = session.authorizationKey
    if (!key) throw refuse(noKey[options.refusal])
    const method = c.req.method
    // Only changes are signed: this step on a route that reads is a mistake in Charter's code, not the caller's.
    if (!isSignedMethod(method)) throw new TypeError(`signedRequest is mounted on a ${method} route`)
    const signature = c.req.header('privy-authorization-signature')
    if (!signature) {
      throw refuse(
        "This request needs the signature of this session's device key (privy-authorization-signature), and it has none.",
      )
    }
    const appId = c.req.header('privy-app-id')
    if (appId !== options.appId) {
      throw new LoginError('missing_or_invalid_privy_app_id', {
        message: `Send the header privy-app-id: ${options.appId}.`,
      })
    }
    const expiry = c.req.header('privy-request-expiry')
    checkExpiry(expiry)
    const idempotencyKey = c.req.header('privy-idempotency-key')
    if (idempotencyKey !== undefined && !/^[\w.:-]{1,128}$/.test(idempotencyKey)) {
      throw new WalletApiError(
        -32600,
        400,
        'privy-idempotency-key: use up to 128 letters, digits, . _ : or -',
      )
    }

    const text = await c.req.text()
    const parsed = text === '' ? { ok: true as const, value: {} } : parseJsonText(text)
    if (!parsed.ok) throw new WalletApiError(-32700, 400, parsed.problem)

    const payload = authorizationPayload({
      method,
      url: signedUrl(c, options),
      body: parsed.value,
      headers: {
        'privy-app-id': appId,
        ...(idempotencyKey !== undefined && { 'privy-idempotency-key': idempotencyKey }),
        ...(expiry !== undefined && { 'privy-request-expiry': expiry }),
      },
    })
    if (!verifyAuthorizationSignature(key, payload, signature)) {
      throw refuse(
        "The request's signature (privy-authorization-signature) does not match this session's device key.",
      )
    }
    c.set('signedBody', parsed.value)
    return next()
  }
}

function checkExpiry(expiry: string | undefined): asserts expiry is string {
  const limit = `at most ${maxRequestLifetimeMs / 60_000} minutes ahead`
  const skew = `${clockSkewMs / 1000} seconds are allowed either way for clocks that differ`
  if (expiry === undefined) {
    throw new WalletApiError(
      -32600,
      400,
      `privy-request-expiry: required, the time in Unix milliseconds after which this request must be refused (${limit}).`,
    )
  }
  if (!/^\d{1,16}$/.test(expiry)) {
    throw new WalletApiError(-32600, 400, 'privy-request-expiry: must be a time in Unix milliseconds')
  }
  const at = Number(expiry)
  const now = Date.now()
  if (at <= now - clockSkewMs) {
    throw new WalletApiError(
      -32600,
      400,
      `This request expired at ${new Date(at).toISOString()}; the server's time is ${new Date(now).toISOString()} (${skew}). Sign it again with a later privy-request-expiry, and check this device's clock.`,
    )
  }
  if (at > now + maxRequestLifetimeMs + clockSkewMs) {
    throw new WalletApiError(
      -32600,
      400,
      `privy-request-expiry: must be ${limit} (${skew}), so a signed request cannot be kept for later; the server's time is ${new Date(now).toISOString()}.`,
    )
  }
}
