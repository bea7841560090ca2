import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../testing/startTestServer.ts'
import { startFuzzServer } from './FuzzTarget.ts'
import { appRoutes, missingFromTable, routeEntries, routeKey } from './routeCoverage.ts'
import { type FuzzRoute, routeTable } from './routeTable.ts'

// No route escapes the fuzz suite: the app's own routes (Hono's `app.routes`, of the app the fuzz suite drives)
// are each in its table.

let server: TestServer
beforeAll(async () => {
  server = await startFuzzServer()
})
afterAll(() => server.close())

describe('the fuzz table', () => {
  it('has every route of the app', () => {
    const entries = routeEntries(server.app)
    // Read whole: the API's routes, its not-found answer and the web app are all there to be checked.
    expect(appRoutes(entries)).toEqual(
      expect.arrayContaining(['POST /api/v1/wallets/:id/rpc', 'GET /api/dev/outbox', 'ALL /api/*', 'GET /*']),
    )
    expect(missingFromTable(entries, routeTable)).toEqual([])
  })
})

describe('missingFromTable', () => {
  const table: FuzzRoute[] = [
    { method: 'GET', path: '/api/health', access: 'public' },
    { method: 'POST', path: '/api/v1/wallets/:wallet/rpc', access: 'signed' },
  ]
  const guard = async (_c: unknown, next: () => Promise<void>) => next()

  it('names each route of the app the table lacks, and only those', () => {
    const app = new Hono()
      .get('/api/health', (c) => c.json({}))
      .post('/api/v1/wallets/:id/rpc', guard, (c) => c.json({}))
      .post('/api/v1/wallets/:id/export', guard, (c) => c.json({}))
      .delete('/api/v1/users/:id', (c) => c.json({}))
    expect(missingFromTable(routeEntries(app), table)).toEqual([
      'POST /api/v1/wallets/:id/export',
      'DELETE /api/v1/users/:id',
    ])
  })

  it('leaves out what .use adds, and nothing else', () => {
    const app = new Hono()
      .use(guard)
      .use('/api/*', guard)
      .get('/api/health', (c) => c.json({}))
      // A handler for any method under a wildcard (the not-found answer) is a route.
      .all('/api/*', (c) => c.json({}, 404))
      // So is a middleware under one method or one path, though nothing answers after it.
      .get('/api/v1/orphan', guard)
      .all('/api/v1/orphan-for-any-method', guard)
    expect(missingFromTable(routeEntries(app), table)).toEqual([
      'ALL /api/*',
      'GET /api/v1/orphan',
      'ALL /api/v1/orphan-for-any-method',
    ])
  })

  it('is satisfied by the table’s catch-all for a wildcard route, whatever the parameter is called', () => {
    const app = new Hono().all('/api/*', (c) => c.json({}, 404)).get('/*', (c) => c.html(''))
    const withCatchAlls: FuzzRoute[] = [
      ...table,
      { method: '*', path: '/api/:rest', access: 'public' },
      { method: 'GET', path: '/:anything', access: 'public' },
    ]
    expect(missingFromTable(routeEntries(app), withCatchAlls)).toEqual([])
    expect(missingFromTable(routeEntries(app), table)).toEqual(['ALL /api/*', 'GET /*'])
  })
})

describe('routeKey', () => {
  it('compares methods and paths, not the names of parameters', () => {
    expect(routeKey('POST', '/api/v1/recovery/oauth/:step{init|authenticate}')).toBe(
      routeKey('POST', '/api/v1/recovery/oauth/:step'),
    )
    expect(routeKey('ALL', '/api/*')).toBe(routeKey('*', '/api/:rest'))
    expect(routeKey('GET', '/api/v1/users/:id')).not.toBe(routeKey('POST', '/api/v1/users/:id'))
    expect(routeKey('GET', '/api/v1/users/me')).not.toBe(routeKey('GET', '/api/v1/users/:id'))
  })
})
