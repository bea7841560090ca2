import fc from 'fast-check'
import { type FuzzCase, requestCase } from './arbitraries.ts'
import type { FuzzTarget } from './FuzzTarget.ts'
import { printValue } from './jsonText.ts'
import { Member } from './Member.ts'
import { type FuzzRoute, routeName } from './routeTable.ts'
import { type Outcome, sendCase } from './sendCase.ts'

export type AnswerClass = '2xx' | '4xx' | '5xx' | 'other'

/** One way a route broke the property, with the smallest case fast-check shrank it to. */
export type FailureReport = {
  cause: string
  /** How many of the route's cases failed this way. */
  count: number
  problem: string
  counterexample: string
  /** The counterexample's request as sent, the answer and the server's ERROR log lines. */
  request: string
  answer: string
  logLines: string[]
  shrunk: boolean
  /** `fc.check(…, {seed, path})` replays the counterexample. */
  seed: number
  path: string
}

export type RouteReport = {
  route: string
  seed: number
  cases: number
  counts: Record<AnswerClass, number>
  failures: FailureReport[]
  /** Requests sent while shrinking, besides the cases. */
  shrinkRuns: number
}

export type FuzzOptions = {
  numRuns: number
  seed?: number
  /** Time allowed for shrinking each distinct failure. */
  shrinkTimeLimitMs: number
  /** Distinct failures to shrink; any more are reported as first found. */
  maxShrunk?: number
  /** Sees every case's outcome (to tally what the answers said, say). */
  onOutcome?: (outcome: Outcome) => void
}

export const classOf = (status: number | undefined): AnswerClass =>
  status === undefined
    ? 'other'
    : status >= 500
      ? '5xx'
      : status >= 400
        ? '4xx'
        : status >= 200 && status < 300
          ? '2xx'
          : 'other'

/** A case as a person reads it: placeholders by name, long strings cut short. */
export function printCase(fuzzCase: FuzzCase): string {
  const { auth, body } = fuzzCase
  const parts = [fuzzCase.method]
  if (Object.keys(fuzzCase.params).length > 0) parts.push(`params ${printValue(fuzzCase.params)}`)
  if (fuzzCase.query.length > 0) parts.push(`query ${printValue(fuzzCase.query)}`)
  parts.push(`auth ${auth.mode}${auth.mode.includes('junk') ? ` ${printValue(auth.junk)}` : ''}`)
  if (fuzzCase.signing) parts.push(`signing ${printValue(fuzzCase.signing)}`)
  if (fuzzCase.headers.length > 0) parts.push(`headers ${printValue(fuzzCase.headers)}`)
  parts.push(`content-type ${printValue(fuzzCase.contentType)}`)
  if (fuzzCase.chunked) parts.push('chunked')
  parts.push(
    body.kind === 'none'
      ? 'no body'
      : body.kind === 'json'
        ? `json body ${printValue(body.value)}`
        : body.kind === 'text'
          ? `text body ${printValue(body.text)}`
          : `body bytes ${body.hex}`,
  )
  return parts.join('; ')
}

export function describeFailure(report: RouteReport, failure: FailureReport): string {
  const indent = (text: string) => text.replace(/^/gm, '    ')
  return [
    `${report.route}: ${failure.problem} (${failure.count} of ${report.cases} cases)`,
    `  cause: ${failure.cause}`,
    `  counterexample${failure.shrunk ? ' (shrunk)' : ''}, seed ${failure.seed} path "${failure.path}":`,
    indent(failure.counterexample),
    '  request:',
    indent(failure.request),
    '  answer:',
    indent(failure.answer),
    ...(failure.logLines.length > 0 ? ['  server log:', indent(failure.logLines.join('\n'))] : []),
  ].join('\n')
}

/**
 * Sends `numRuns` fuzzed cases to one route, counting 2xx, 4xx and 5xx, then shrinks each distinct failure
 * (by the error the server logged) to its smallest case by replaying it with fast-check's seed and path.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  route: FuzzRoute,
  options: FuzzOptions,
): Promise<RouteReport> {
  const member = new Member(target.url, { deviceKey: !route.registersDeviceKey })
  const arbitrary = requestCase(route, target.appId)
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const counts: Record<AnswerClass, number> = { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 }
  const found = new Map<string, { index: number; count: number; outcome: Outcome; fuzzCase: FuzzCase }>()
  let shrinkRuns = 0

  const run = async (fuzzCase: FuzzCase) => {
    // The server's log is only read for the case at hand: keep it from growing over a long run.
    if (target.logs.length > 10_000) target.logs.splice(0)
    const outcome = await sendCase(target, route, member, fuzzCase)
    if (route.spendsSession && classOf(outcome.status) === '2xx') {
      const spent = [
        ...outcome.namedSessions,
        ...(route.spendsSession === 'named' ? [] : outcome.carriedSessions),
      ]
      for (const kind of spent) member.spend(kind)
    }
    if (outcome.sessionEnded) for (const kind of outcome.carriedSessions) member.spend(kind)
    return outcome
  }

  let index = 0
  const sweep = await fc.check(
    fc.asyncProperty(arbitrary, async (fuzzCase) => {
      const outcome = await run(fuzzCase)
      options.onOutcome?.(outcome)
      counts[classOf(outcome.status)] += 1
      if (outcome.problem) {
        const seen = found.get(outcome.cause)
        if (seen) seen.count += 1
        else found.set(outcome.cause, { index, count: 1, outcome, fuzzCase })
      }
      index += 1
      return true
    }),
    { numRuns: options.numRuns, seed },
  )
  if (sweep.failed) {
    throw new Error(`the fuzz suite itself failed on ${routeName(route)}: ${String(sweep.errorInstance)}`, {
      cause: sweep.errorInstance,
    })
  }

  const failures: FailureReport[] = []
  for (const [cause, seen] of found) {
    let { outcome, fuzzCase } = seen
    let path = String(seen.index)
    let shrunk = false
    if (failures.length < (options.maxShrunk ?? 3)) {
      let failedAgain = false
      const replay = await fc.check(
        fc.asyncProperty(arbitrary, async (candidate) => {
          shrinkRuns += 1
          const again = await run(candidate)
          if (!again.problem || again.cause !== cause) return true
          // The last case to fail is the counterexample: shrinking only ever moves to failing cases.
          outcome = again
          fuzzCase = candidate
          failedAgain = true
          return false
        }),
        { seed, path, numRuns: 1, plugins: [fc.interruptAfterTimeLimit(options.shrinkTimeLimitMs)] },
      )
      // A failure that does not come back (it needed the state an earlier case left) is reported as found.
      if (failedAgain && replay.failed && replay.counterexamplePath) {
        shrunk = true
        path = replay.counterexamplePath
      }
    }
    failures.push({
      cause,
      count: seen.count,
      problem: outcome.problem ?? '',
      counterexample: printCase(fuzzCase),
      request: outcome.request,
      answer: outcome.answer,
      logLines: outcome.logLines,
      shrunk,
      seed,
      path,
    })
  }

  return { route: routeName(route), seed, cases: index, counts, failures, shrinkRuns }
}
