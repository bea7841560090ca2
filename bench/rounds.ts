/** One batch of timed calls: each call's milliseconds, and the batch's wall time (for a rate). */
export type Batch = { latencies: number[]; wallMs: number }

export type Summary = { p50: number; p99: number; perSecond: number }

/** The median and the range of a few values, e.g. one ratio per round. */
export type Spread = { median: number; min: number; max: number }

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** p50 and p99 of every call of the batches together, and the calls per second of their wall time. */
export function summarize(batches: Batch[]): Summary {
  const latencies = batches.flatMap((batch) => batch.latencies)
  const wallMs = batches.reduce((sum, batch) => sum + batch.wallMs, 0)
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    perSecond: (latencies.length / wallMs) * 1000,
  }
}

export function spread(values: number[]): Spread {
  return {
    median: percentile(values, 0.5),
    min: Math.min(...values),
    max: Math.max(...values),
  }
}

/** figure/floor of one statistic, round by round: each round's figure against the floor measured beside it. */
export function ratios(figure: Batch[], floor: Batch[], stat: (summary: Summary) => number): Spread {
  return spread(
    figure.map((batch, round) => {
      const beside = floor[round]
      return beside ? stat(summarize([batch])) / stat(summarize([beside])) : Number.NaN
    }),
  )
}

/** Times `count` calls, `concurrency` at a time; each call answers its own milliseconds. */
export async function timeBatch(
  count: number,
  concurrency: number,
  call: (i: number) => Promise<number>,
): Promise<Batch> {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next
        next += 1
        latencies.push(await call(i))
      }
    }),
  )
  return { latencies, wallMs: performance.now() - started }
}

/** The milliseconds one call takes. */
export async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await call()
  return performance.now() - started
}

/**
 * Runs the steps in turn, round after round (floor, figure, floor, figure, …): whatever else keeps this
 * machine busy slows a figure and the floor measured beside it alike, so their ratio holds when both move.
 */
export async function inTurns<Step extends string>(
  rounds: number,
  steps: Record<Step, () => Promise<Batch>>,
): Promise<Record<Step, Batch[]>> {
  const names = Object.keys(steps) as Step[]
  const batches = Object.fromEntries(names.map((name) => [name, [] as Batch[]])) as Record<Step, Batch[]>
  for (let round = 0; round < rounds; round++) {
    for (const name of names) batches[name].push(await steps[name]())
  }
  return batches
}
