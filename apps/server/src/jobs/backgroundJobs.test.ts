import { afterEach, describe, expect, it, vi } from 'vitest'
import { healthRoutes } from '../http/health.ts'
import { createLogger } from '../log/logger.ts'
import type { Json } from '../testing/Json.ts'
import { startTestServer } from '../testing/startTestServer.ts'
import { type BackgroundJob, backgroundJobs, shownJobError } from './backgroundJobs.ts'

function logged() {
  const lines: string[] = []
  return { lines, logger: createLogger('debug', (line) => lines.push(line)) }
}

/** A job that counts its runs, and throws while `fails.now` is set. */
function countingJob(name: string, fails = { now: false }): BackgroundJob & { runs: () => number } {
  let runs = 0
  return {
    name,
    everyMs: 30_000,
    failure: `Could not ${name}`,
    run: async () => {
      runs += 1
      if (fails.now) throw new Error(`${name} broke\nat a line of its stack`)
      return { done: runs }
    },
    runs: () => runs,
  }
}

/** /api/health as the app serves it, over the given parts. */
async function healthOf(parts: Parameters<typeof healthRoutes>[0]['parts']): Promise<Json> {
  const app = healthRoutes({ version: '0.0.0', mode: 'embedded', appId: 'test', parts })
  return (await app.request('/')).json()
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the background jobs part', () => {
  it('shows each job in /api/health, with no run before the first', async () => {
    const { logger } = logged()
    const jobs = backgroundJobs([countingJob('tidy'), countingJob('follow')], logger)
    const health = await healthOf(() => [jobs])
    expect(health.status).toBe('ok')
    expect(health.parts.jobs).toEqual({
      status: 'ok',
      jobs: {
        tidy: { everySeconds: 30, lastRun: null },
        follow: { everySeconds: 30, lastRun: null },
      },
    })
  })

  it('shows a failed job as failed, with its message, logs it, and the others still run and show ok', async () => {
    const { lines, logger } = logged()
    const fails = { now: true }
    const broken = countingJob('broken', fails)
    const fine = countingJob('fine')
    const jobs = backgroundJobs([broken, fine], logger)
    await jobs.runNow()
    const health = await healthOf(() => [jobs])
    // A failed run is retried at its next turn: the server is not degraded by it.
    expect(health.status).toBe('ok')
    expect(health.parts.jobs.status).toBe('ok')
    expect(health.parts.jobs.detail).toBe('last run failed: broken')
    expect(health.parts.jobs.jobs.broken.lastRun).toEqual({
      at: expect.any(String),
      status: 'failed',
      error: 'broken broke',
    })
    expect(health.parts.jobs.jobs.fine.lastRun).toEqual({
      at: expect.any(String),
      status: 'ok',
      counts: { done: 1 },
    })
    expect(
      lines.some((line) => line.includes('WARN  Could not broken') && line.includes('broken broke')),
    ).toBe(true)

    // The failed job runs again, and shows ok once it works.
    fails.now = false
    await jobs.runNow()
    expect(broken.runs()).toBe(2)
    expect(fine.runs()).toBe(2)
    const after = await healthOf(() => [jobs])
    expect(after.parts.jobs.detail).toBeUndefined()
    expect(after.parts.jobs.jobs.broken.lastRun).toMatchObject({ status: 'ok', counts: { done: 2 } })
  })

  it('runs each job every turn from start to close, a throwing one too, and not at all after close', async () => {
    vi.useFakeTimers()
    const { logger } = logged()
    const broken = countingJob('broken', { now: true })
    const fine = countingJob('fine')
    const atStart: BackgroundJob & { runs: () => number } = { ...countingJob('sweep'), atStart: true }
    const jobs = backgroundJobs([broken, fine, atStart], logger)
    await jobs.start?.()
    await vi.advanceTimersByTimeAsync(0)
    expect([broken.runs(), fine.runs(), atStart.runs()]).toEqual([0, 0, 1])
    await vi.advanceTimersByTimeAsync(30_000)
    expect([broken.runs(), fine.runs(), atStart.runs()]).toEqual([1, 1, 2])
    await vi.advanceTimersByTimeAsync(30_000)
    expect([broken.runs(), fine.runs(), atStart.runs()]).toEqual([2, 2, 3])
    await jobs.close?.()
    await vi.advanceTimersByTimeAsync(120_000)
    expect([broken.runs(), fine.runs(), atStart.runs()]).toEqual([2, 2, 3])
  })

  it('waits, on close, for a run in progress, and skips a turn while its run is still going', async () => {
    vi.useFakeTimers()
    const { logger } = logged()
    let finish = () => {}
    let started = 0
    const slow: BackgroundJob = {
      name: 'slow',
      everyMs: 30_000,
      failure: 'Could not go slowly',
      run: () => {
        started += 1
        return new Promise((resolve) => {
          finish = () => resolve({ went: 1 })
        })
      },
    }
    const jobs = backgroundJobs([slow], logger)
    await jobs.start?.()
    await vi.advanceTimersByTimeAsync(30_000)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(started).toBe(1)
    let closed = false
    const closing = jobs.close?.().then(() => {
      closed = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(closed).toBe(false)
    finish()
    await closing
    expect(closed).toBe(true)
    expect(jobs.describe?.().jobs?.slow?.lastRun).toMatchObject({ status: 'ok', counts: { went: 1 } })
  })

  it('shows an error without the keys a URL in it may carry, and only its first line', () => {
    expect(
      shownJobError(
        new Error(
          'fetch failed: https://base-mainnet.g.alchemy.com/v2/abcDEF1234567890xyz?key=1 timed out\nstack',
        ),
      ),
    ).toBe('fetch failed: https://base-mainnet.g.alchemy.com/v2/*** timed out')
    expect(shownJobError(new Error('no route to postgres://charter:hunter2@db.internal:5432/charter'))).toBe(
      'no route to postgres://db.internal:5432/charter',
    )
    expect(shownJobError('x'.repeat(400))).toHaveLength(300)
  })
})

describe('the server’s jobs in /api/health', () => {
  it('lists the sweep and the 30-second jobs, each with its last run once they ran', async () => {
    const server = await startTestServer()
    try {
      await server.parts.registry.get('jobs').runNow()
      const health: Json = await (await fetch(`${server.url}/api/health`)).json()
      const { jobs } = health.parts
      expect(jobs.status).toBe('ok')
      expect(Object.keys(jobs.jobs)).toEqual([
        'sweepExpired',
        'followPendingSends',
        'releaseHeldSends',
        'releaseHeldActions',
        'readIncoming',
      ])
      const ok = (counts?: Record<string, unknown>) => ({
        at: expect.any(String),
        status: 'ok',
        ...(counts && { counts }),
      })
      expect(jobs.jobs.sweepExpired).toEqual({ everySeconds: 3600, lastRun: ok() })
      expect(jobs.jobs.followPendingSends).toEqual({
        everySeconds: 30,
        lastRun: ok({ settled: expect.any(Number) }),
      })
      expect(jobs.jobs.releaseHeldSends).toEqual({
        everySeconds: 30,
        lastRun: ok({ sent: expect.any(Number), failed: expect.any(Number) }),
      })
      expect(jobs.jobs.releaseHeldActions).toEqual({
        everySeconds: 30,
        lastRun: ok({ done: expect.any(Number), dropped: expect.any(Number) }),
      })
      expect(Date.parse(jobs.jobs.releaseHeldSends.lastRun.at)).toBeLessThanOrEqual(Date.now())
    } finally {
      await server.close()
    }
  })

  it('has only the sweep when the 30-second jobs are off (sendJobs: false)', async () => {
    const server = await startTestServer({ sendJobs: false })
    try {
      await server.parts.registry.get('jobs').runNow()
      const health: Json = await (await fetch(`${server.url}/api/health`)).json()
      expect(Object.keys(health.parts.jobs.jobs)).toEqual(['sweepExpired'])
      expect(health.parts.jobs.jobs.sweepExpired.lastRun.status).toBe('ok')
    } finally {
      await server.close()
    }
  })
})
