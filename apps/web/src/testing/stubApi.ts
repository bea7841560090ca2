import { vi } from 'vitest'
import { answer, refuse, type StubRoutes } from './stubAnswers.ts'

export type ApiCall = {
  method: string
  path: string
  /** The query string's parameters (the last of each name). */
  query: Record<string, string>
  body: unknown
  headers: Record<string, string>
}
/** Answers one call; `params` are the path's parameters when the route is a pattern ('/wallets/:id/rpc'). */
export type ApiHandler = (call: ApiCall, params?: Record<string, string>) => Response | Promise<Response>

/** The answer to a call no route of the stand-in takes. */
export const noStub = (call: ApiCall) =>
  refuse({ error: `No stub for ${call.method} ${call.path}`, code: 'not_found' }, 404)

const defaults = {
  // The app id the wallet proxy sends (`privy-app-id`), as a server that generated its own names it.
  'GET /api/health': () =>
    answer({
      status: 'ok',
      version: '0.1.0',
      mode: 'embedded',
      appId: 'cm0stubappid0000000000000',
      parts: {},
    }),
  'GET /api/v1/users/me': () =>
    refuse({ error: 'Please sign in first.', code: 'must_be_authenticated' }, 401),
  // A member of no organisation yet: nobody to offer by name. A test of the picker names its own.
  'GET /api/v1/organizations/colleagues': () => answer({ colleagues: [] }),
} satisfies StubRoutes

/** A route as the stand-in names it: 'POST /api/v1/…', or a pattern such as 'POST /api/v1/wallets/:id/rpc'. */
export type RouteName = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`

/** The path parameters when `route` takes `method path` (none for a route named exactly), else undefined. */
function matchRoute(route: string, method: string, path: string): Record<string, string> | undefined {
  const [routeMethod, pattern = ''] = route.split(' ')
  if (routeMethod !== method) return undefined
  if (pattern === path) return {}
  const parts = pattern.split('/')
  const segments = path.split('/')
  if (!pattern.includes('/:') || parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  const matches = parts.every((part, index) => {
    const segment = segments[index] as string
    if (!part.startsWith(':')) return part === segment
    params[part.slice(1)] = segment
    return true
  })
  return matches ? params : undefined
}

/** The handler and path parameters for `method path`: a route named exactly, else one whose pattern matches. */
function findRoute(table: Record<string, ApiHandler>, method: string, path: string) {
  const exact = table[`${method} ${path}`]
  if (exact) return { handler: exact, params: {} }
  for (const [route, handler] of Object.entries(table)) {
    const params = matchRoute(route, method, path)
    if (params) return { handler, params }
  }
  return undefined
}

/**
 * Stands in for Charter's server at the network boundary (`fetch`), route by route ('POST /api/v1/…', or a
 * pattern such as 'POST /api/v1/wallets/:id/rpc'), so the components, hooks and providers under test are the
 * real ones. Health answers 'embedded' and nobody is signed in unless a test says otherwise. Answers every call
 * it saw.
 */
export function stubApi(routes: Record<string, ApiHandler> = {}) {
  const calls: ApiCall[] = []
  const table: Record<string, ApiHandler> = { ...defaults, ...routes }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = (init?.method ?? 'GET').toUpperCase()
      const call = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      }
      calls.push(call)
      const route = findRoute(table, method, url.pathname)
      return route ? route.handler(call, route.params) : noStub(call)
    }),
  )
  return {
    calls,
    /** The bodies sent to one route (named exactly, or a pattern), oldest first. */
    bodiesOf: (route: RouteName) =>
      calls
        .filter((call) => matchRoute(route, call.method, call.path) !== undefined)
        .map((call) => call.body),
  }
}
