import { vi } from 'vitest'

export type ApiCall = { method: string; path: string; body: unknown; headers: Record<string, string> }
export type ApiHandler = (call: ApiCall) => Response | Promise<Response>

const healthy = () =>
  Response.json({ status: 'ok', version: '0.1.0', mode: 'embedded', parts: {} }, { status: 200 })
const signedOut = () =>
  Response.json({ error: 'Please sign in first.', code: 'must_be_authenticated' }, { status: 401 })

/**
 * Stands in for Charter's server at the network boundary (`fetch`), route by route ('POST /api/v1/…'), so
 * the components, hooks and providers under test are the real ones. Health answers 'embedded' and nobody is
 * signed in unless a test says otherwise. Answers every call it saw.
 */
export function stubApi(routes: Record<string, ApiHandler> = {}) {
  const calls: ApiCall[] = []
  const table: Record<string, ApiHandler> = {
    'GET /api/health': healthy,
    'GET /api/v1/users/me': signedOut,
    ...routes,
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = (init?.method ?? 'GET').toUpperCase()
      const call = {
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      }
      calls.push(call)
      const handler = table[`${method} ${url.pathname}`]
      if (!handler) {
        return Response.json(
          { error: `No stub for ${method} ${url.pathname}`, code: 'not_found' },
          { status: 404 },
        )
      }
      return handler(call)
    }),
  )
  return {
    calls,
    /** The bodies sent to one route, oldest first. */
    bodiesOf: (route: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === route).map((call) => call.body),
  }
}
