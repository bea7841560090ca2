import {
  type AuthorizationHeaders,
  type AuthorizationMethod,
  authorizationPayload,
  MustBeAuthenticatedError,
  WalletProxyNotInitializedError,
} from '@charter/core'
import type { ClientResponse } from 'hono/client'
import { type Answer, type ApiClient, ApiError, answerOf, createApiClient } from '../../lib/api.ts'
import { isSessionEnded } from '../../lib/isSessionEnded.ts'
import { establishWalletKey } from './establishWalletKey.ts'
import { isKeyRefusal } from './isKeyRefusal.ts'
import type { PickSignedRoute, SignedRoute } from './SignedRoute.ts'
import { signAuthorization } from './signAuthorization.ts'
import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import type { StoredWalletKey, WalletKeyStore } from './WalletKeyStore.ts'
import type { WalletProxyState } from './WalletProxyState.ts'

export type WalletProxyOptions = {
  keyStore: WalletKeyStore
  /** The server's app id, sent as `privy-app-id`; asked for once, when the proxy first starts. */
  appId: () => Promise<string>
  /** What signed URLs start with: the page's own origin, which is the server's, unless a test says otherwise. */
  origin?: () => string
  now?: () => number
}

export type SignedPostOptions = {
  /** The same key within 24 hours answers the first answer again instead of signing twice. */
  idempotencyKey?: string
}

/** A signed request by one method: to the route it picks, what that route takes; answers what it answers. */
export type SignedSend<Method extends AuthorizationMethod> = <
  Input,
  Sent extends ClientResponse<unknown, number>,
>(
  route: PickSignedRoute<Method, Input, Sent>,
  input: NoInfer<Input>,
  options?: SignedPostOptions,
) => Promise<Answer<Sent>>

export type WalletProxy = {
  getState(): WalletProxyState
  /** Calls `listener` after every change of state; answers a function that stops it. */
  subscribe(listener: () => void): () => void
  /**
   * Finds this browser's key for the user's session (bound at sign-in) and registers it again. Settles into
   * `ready` or `error`.
   */
  init(userId: string): Promise<void>
  /** The session is over: forget the key in memory and refuse to sign. */
  signOut(): void
  /**
   * POSTs to a signed route (wallet, account or organisation API) what it takes (`{json, param}`), signed with the
   * session's key over the method, URL and body it sends; answers the server's answer, typed as the server types
   * it. `put`, `patch` and `delete` are the same by those methods (a route without a body is sent `{}`).
   */
  post: SignedSend<'POST'>
  put: SignedSend<'PUT'>
  patch: SignedSend<'PATCH'>
  delete: SignedSend<'DELETE'>
}

/**
 * A request may wait this long before the server refuses it as expired (`privy-request-expiry`); the server takes
 * at most 30 minutes, and a short life keeps a signed request from being kept for later.
 */
export const requestLifetimeMs = 60_000

/**
 * The wallet proxy: holds this browser's P-256 key for the session and signs every wallet API request, and every
 * account change, with it (`privy-authorization-signature`, docs/wallets.md), so a stolen cookie alone cannot sign.
 */
export function createWalletProxy(options: WalletProxyOptions): WalletProxy {
  const origin = options.origin ?? (() => window.location.origin)
  const now = options.now ?? Date.now
  const listeners = new Set<() => void>()
  let state: WalletProxyState = { status: 'idle' }
  let key: StoredWalletKey | undefined
  let appId: string | undefined
  let starting: Promise<void> = Promise.resolve()
  // Each start and sign-out moves this on, so an answer that arrives after the person moved on changes nothing.
  let generation = 0

  const setState = (next: WalletProxyState) => {
    state = next
    for (const listener of listeners) listener()
  }

  const init = (userId: string): Promise<void> => {
    if ((state.status === 'pending' || state.status === 'ready') && state.userId === userId) return starting
    const mine = ++generation
    key = undefined
    setState({ status: 'pending', userId })
    starting = (async () => {
      try {
        appId ??= await options.appId()
        const established = await options.keyStore.exclusive(() =>
          establishWalletKey(options.keyStore, userId),
        )
        if (mine !== generation) return
        key = established
        setState({ status: 'ready', userId })
      } catch (error) {
        if (mine !== generation) return
        if (isSessionEnded(error)) setState({ status: 'signed-out' })
        else
          setState({
            status: 'error',
            userId,
            error: error instanceof Error ? error : new Error(String(error)),
          })
      }
    })()
    return starting
  }

  const signOut = () => {
    generation++
    key = undefined
    if (state.status !== 'signed-out') setState({ status: 'signed-out' })
  }

  const send = async (
    method: AuthorizationMethod,
    route: (client: ApiClient) => SignedRoute<AuthorizationMethod>,
    input: unknown,
    postOptions: SignedPostOptions = {},
  ): Promise<unknown> => {
    const current = state
    if (current.status === 'signed-out') throw new MustBeAuthenticatedError()
    if (current.status === 'error' && isKeyRefusal(current.error)) throw current.error
    if (current.status !== 'ready' || !key || appId === undefined) {
      throw new WalletProxyNotInitializedError({
        cause: current.status === 'error' ? current.error : undefined,
      })
    }
    const client = createApiClient(origin())
    const endpoint = route(client)
    const { json, param } = input as SentInput
    // What is signed is exactly what is sent: the JSON round trip drops what JSON cannot carry (undefined), and
    // the URL is the one the client sends to.
    const sentBody: unknown = JSON.parse(JSON.stringify(json ?? {}))
    const url = endpoint.$url((param ? { param } : undefined) as never).href
    const headers: AuthorizationHeaders = {
      'privy-app-id': appId,
      'privy-request-expiry': String(now() + requestLifetimeMs),
      ...(postOptions.idempotencyKey !== undefined && {
        'privy-idempotency-key': postOptions.idempotencyKey,
      }),
    }
    const payload = authorizationPayload({
      method,
      url,
      body: sentBody,
      headers,
    })
    const signature = await signAuthorization(key.keyPair.privateKey, payload)
    try {
      const call = (endpoint as unknown as Record<string, SignedRoute['$post']>)[`$${method.toLowerCase()}`]
      if (!call) throw new TypeError(`This route cannot be called by ${method}`)
      return await answerOf(
        call({ param, json: sentBody } as never, {
          headers: { ...headers, 'privy-authorization-signature': signature },
        }),
      )
    } catch (error) {
      if (isSessionEnded(error)) {
        signOut()
        throw new MustBeAuthenticatedError({ cause: error })
      }
      if (error instanceof ApiError && error.code === 4100) {
        const mismatch = new WalletKeyMismatchError({ cause: error })
        generation++
        key = undefined
        setState({ status: 'error', userId: current.userId, error: mismatch })
        throw mismatch
      }
      throw error
    }
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    init,
    signOut,
    post: ((route, input, sendOptions) => send('POST', route, input, sendOptions)) as WalletProxy['post'],
    put: ((route, input, sendOptions) => send('PUT', route, input, sendOptions)) as WalletProxy['put'],
    patch: ((route, input, sendOptions) => send('PATCH', route, input, sendOptions)) as WalletProxy['patch'],
    delete: ((route, input, sendOptions) =>
      send('DELETE', route, input, sendOptions)) as WalletProxy['delete'],
  }
}

/** What a signed route is given: its JSON body and its path's parameters. */
type SentInput = { json?: unknown; param?: Record<string, string> }
