import type { Hono } from 'hono'
import { inspectRoutes } from 'hono/dev'
import type { FuzzRoute } from './routeTable.ts'

/** One entry of Hono's `app.routes`: a handler or a middleware, under a method (`ALL` for any) and a path. */
export type RouteEntry = { method: string; path: string; isMiddleware: boolean }

/** Each entry of `app`'s routes, with whether Hono counts its handler as a middleware (it takes `next`). */
export const routeEntries = (app: Hono): RouteEntry[] =>
  inspectRoutes(app).map(({ method, path, isMiddleware }) => ({ method, path, isMiddleware }))

/**
 * How a route is compared, whatever its parameters are named: `ALL` and the table's `*` are `ANY`; a parameter
 * (`:id`, `:step{init|authenticate}`) and a wildcard segment (`*`, the rest of the path) are both `:`.
 */
export function routeKey(method: string, path: string): string {
  const anyMethod = method === 'ALL' || method === '*'
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment === '*' ? ':' : segment))
  return `${anyMethod ? 'ANY' : method} ${segments.join('/')}`
}

/**
 * What `.use(…)` adds: a middleware for any method under a wildcard path (the access log, the body limit, static
 * files). Only an entry that is all three is left out: a handler (the `/api/*` not-found answer), or a middleware
 * under one method or one path (a validator before its handler), is a route.
 */
const onlyMiddleware = (entry: RouteEntry) =>
  entry.isMiddleware && entry.method === 'ALL' && entry.path.endsWith('*')

/** The app's routes, one line each (`GET /api/v1/users/:id`), in the app's order. */
export const appRoutes = (entries: readonly RouteEntry[]): string[] => [
  ...new Set(
    entries.filter((entry) => !onlyMiddleware(entry)).map((entry) => `${entry.method} ${entry.path}`),
  ),
]

/** The app's routes the fuzz table has no entry for, as the app names them; none when every one is fuzzed. */
export function missingFromTable(entries: readonly RouteEntry[], table: readonly FuzzRoute[]): string[] {
  const fuzzed = new Set(table.map((route) => routeKey(route.method, route.path)))
  const missing = entries.filter(
    (entry) => !onlyMiddleware(entry) && !fuzzed.has(routeKey(entry.method, entry.path)),
  )
  return appRoutes(missing)
}
