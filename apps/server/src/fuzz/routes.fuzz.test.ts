import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FuzzTarget, startFuzzTarget } from './FuzzTarget.ts'
import { describeFailure, fuzzRoute } from './fuzzRoute.ts'
import { routeName, routeTable } from './routeTable.ts'

// The property of issue 7 over HTTP: whatever comes in, the answer is a 2xx or a 4xx (with {error, code} when it
// is JSON), never a 5xx. Seeds are random; a failure names its route's seed, so `FUZZ_SEED=<seed> npm run fuzz`
// runs the same cases again, and thousands more (see runFuzz.ts).

let target: FuzzTarget
beforeAll(async () => {
  target = await startFuzzTarget()
})
afterAll(() => target.close())

describe('no input makes a 5xx: 300 fuzzed requests to every API route', () => {
  it.each(routeTable.map((route) => [routeName(route), route] as const))(
    '%s answers 2xx or 4xx ({error, code} when JSON), never 5xx',
    async (_, route) => {
      const report = await fuzzRoute(target, route, { numRuns: 300, shrinkTimeLimitMs: 10_000 })
      expect(report.cases).toBe(300)
      expect(report.failures.map((failure) => describeFailure(report, failure))).toEqual([])
    },
    60_000,
  )
})
