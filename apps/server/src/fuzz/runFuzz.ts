import { type FuzzTarget, startFuzzTarget } from './FuzzTarget.ts'
import { describeFailure, fuzzRoute, type RouteReport } from './fuzzRoute.ts'
import { routeTable } from './routeTable.ts'

/**
 * `npm run fuzz`: the HTTP fuzz suite at length against the real server. 10,000 cases per route unless
 * FUZZ_RUNS says otherwise; FUZZ_SEED replays a run. Prints a table per route and exits non-zero on any 5xx
 * (or any other break of the property).
 */

/** A whole number from the environment (at least `min`), or undefined when it is not set. */
function readNumber(name: string, min: number): number | undefined {
  const text = process.env[name]
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < min) {
    console.error(`fuzz: ${name} must be a whole number of at least ${min}, not "${text}".`)
    process.exit(2)
  }
  return value
}

const runs = readNumber('FUZZ_RUNS', 1) ?? 10_000
const seed = readNumber('FUZZ_SEED', Number.MIN_SAFE_INTEGER)

const columns = (cells: (string | number)[]) =>
  cells.map((cell, index) => (index === 0 ? String(cell).padEnd(46) : String(cell).padStart(8))).join('')

let target: FuzzTarget | undefined
try {
  target = await startFuzzTarget()
  console.log(
    `fuzz: ${runs} cases per route against ${target.url}${seed === undefined ? '' : `, seed ${seed}`}\n`,
  )
  console.log(columns(['route', 'cases', '2xx', '4xx', '5xx', 'other', 'seconds']))
  const reports: RouteReport[] = []
  for (const route of routeTable) {
    const started = Date.now()
    const report = await fuzzRoute(target, route, { numRuns: runs, seed, shrinkTimeLimitMs: 60_000 })
    reports.push(report)
    const { counts } = report
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      columns([
        report.route,
        report.cases,
        counts['2xx'],
        counts['4xx'],
        counts['5xx'],
        counts.other,
        seconds,
      ]),
    )
  }

  const failures = reports.flatMap((report) =>
    report.failures.map((failure) => describeFailure(report, failure)),
  )
  if (failures.length > 0) console.log(`\n${failures.join('\n\n')}`)

  const cases = reports.reduce((sum, report) => sum + report.cases, 0)
  const fivexx = reports.reduce((sum, report) => sum + report.counts['5xx'], 0)
  const broken = reports.reduce(
    (sum, report) => sum + report.failures.reduce((n, each) => n + each.count, 0),
    0,
  )
  console.log(`\nfuzz: ${fivexx} 5xx in ${cases} cases`)
  if (broken > fivexx) console.log(`fuzz: ${broken - fivexx} other answers broke the property (see above)`)
  process.exitCode = broken > 0 ? 1 : 0
} catch (error) {
  console.error('fuzz: the suite could not run:', error)
  process.exitCode = 2
} finally {
  await target?.close()
}
