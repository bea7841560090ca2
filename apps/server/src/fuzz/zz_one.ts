import { startFuzzTarget } from './FuzzTarget.ts'
import { describeFailure, fuzzRoute } from './fuzzRoute.ts'
import { routeName, routeTable } from './routeTable.ts'
const target = await startFuzzTarget()
for (const route of routeTable.filter((r) => routeName(r).includes(process.argv[2] ?? ''))) {
  const report = await fuzzRoute(target, route, { numRuns: Number(process.argv[3] ?? 300), shrinkTimeLimitMs: 30_000, maxShrunk: 5 })
  console.log(report.route, report.cases, report.counts)
  for (const f of report.failures) console.log(describeFailure(report, f))
}
await target.close()
