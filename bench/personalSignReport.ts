import { measurePersonalSign } from './personalSign.ts'
import { row, times } from './report.ts'
import { type Batch, ratios, type Summary, summarize } from './rounds.ts'

const p50 = (summary: Summary) => summary.p50
const rate = (summary: Summary) => summary.perSecond

/** Measures `personal_sign` at 1 and 50 callers beside its floors, and prints each row of it. */
export async function reportPersonalSign(repoRoot: string): Promise<void> {
  const warmUp = 3000
  const plans = [
    { concurrency: 1, rounds: 10, perRound: 50 },
    { concurrency: 50, rounds: 5, perRound: 600 },
  ]
  const signs = await measurePersonalSign(repoRoot, plans, { warmUp })
  const describeSign = (s: Summary) =>
    `${s.p50.toFixed(1)}/${s.p99.toFixed(1)} ms ${s.perSecond.toFixed(0)}/s`
  console.log(
    [
      `\npersonal_sign (p50/p99 ms, signatures per second), after ${warmUp} requests to warm each route. Floors:`,
      '  HTTP: a no-op route behind the same middleware, signature check and idempotency, by the same client;',
      '  in-process: a secp256k1 signature by the same native signer as the server (libsecp256k1) + one P-256 verification, no HTTP',
    ].join('\n'),
  )
  row('floor, in-process', describeSign(summarize(signs.flatMap((plan) => plan.inProcess))), '', '')
  const targets: Record<number, string> = {
    1: 'target: p50 ≤ 1.5 × the HTTP floor',
    50: "target: ≥ 60% of the HTTP floor's rate and ≥ 80% of the in-process floor's, every round",
  }
  for (const plan of signs) {
    const callers = `${plan.concurrency} caller${plan.concurrency === 1 ? '' : 's'}`
    const rateAgainst = (floor: Batch[]) => `rate ${times(ratios(plan.figure, floor, rate))}`
    const against = (floor: Batch[]) => `p50 ${times(ratios(plan.figure, floor, p50))}, ${rateAgainst(floor)}`
    const share = ratios(plan.figure, plan.inProcess, rate).median
    row(
      `personal_sign over HTTP, ${callers}`,
      describeSign(summarize(plan.figure)),
      `${describeSign(summarize(plan.httpFloor))} HTTP`,
      against(plan.httpFloor),
      `${plan.rounds} rounds of ${plan.perRound}`,
    )
    row(
      '',
      '',
      `${describeSign(summarize(plan.inProcess))} in-process`,
      // The in-process floor signs one at a time: beside many callers' queueing, only its rate compares.
      plan.concurrency === 1 ? against(plan.inProcess) : rateAgainst(plan.inProcess),
      `${(share * 100).toFixed(0)}% of the in-process floor's rate; ${targets[plan.concurrency] ?? ''}`,
    )
  }
}
