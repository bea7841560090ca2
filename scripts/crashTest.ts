/**
 * npm run crash-test: kills Charter's server with SIGKILL in the middle of concurrent work, again and again,
 * on the embedded PGlite database and then on PostgreSQL, and after each kill holds the database (and, after
 * each restart, the HTTP API) to what the server had acknowledged before it died:
 * - the server starts every time (GET /api/health answers 200 within two minutes);
 * - there is no user without both wallets (EVM and Solana, index 0);
 * - no acknowledged sign-up, session or device key is lost;
 * - no signature or export the server answered 200 to lacks its activity line.
 * The work includes new devices (a second sign-in of a member, within NEW_DEVICE_HOLD_HOURS, which the server
 * runs with at 1 hour, and with its local devnets) signing transfers (`eth_signTransaction`), each of which
 * reserves the new-device budget in `budget_reservations` before the key signs; the kill lands among them too:
 * - every new-device signature answered 200 has its reservation, not released;
 * - every new-device request whose activity line is there (answered or not) has its reservation, not released;
 * - a request answered without a signature gave its reservation back;
 * - no budget leaks past its window: a reservation a kill left reserved but unsigned (never answered, no
 *   activity line, not released) counts until its window ends and not after, as the budget's own query
 *   (`newDeviceBudget(...).remaining`) weighs it with `now` moved there on the killed server's database.
 * It counts, without judging them, the reservations kills left reserved but unsigned, and how many of them
 * were released after a restart (nothing releases them: they count until their window passes).
 *
 * Settings (read here only): CRASH_CYCLES (default 100 per database); CRASH_DATABASES (pglite, postgres or
 * both, the default); TEST_DATABASE_URL, a PostgreSQL server to use instead of a throwaway one from
 * scripts/start-test-postgres.sh.
 * Exits non-zero on any violation or failed start.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { anvilsServing } from '../apps/server/src/testing/anvilsServing.ts'
import { type BudgetQuestion, pgliteSnapshot, postgresSnapshot } from './crash/databaseSnapshot.ts'
import { Http, type Member, readOutboxToken, Tally, Unreachable } from './crash/http.ts'
import { checkSnapshot, Ledger, type Snapshot, windowEndsFor } from './crash/ledger.ts'
import { scratchDatabaseOn, startThrowawayPostgres, type TestPostgres } from './crash/postgres.ts'
import { killAllStarted, ServerProcess, StartFailure } from './crash/serverProcess.ts'
import { checkOverHttp, cycleWork, type InFlight, planCycle, type WorkContext, warmUp } from './crash/work.ts'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** A start slower than this is a failed start (a loaded 2-core machine takes up to ~30 s to make a new database). */
const healthTimeoutMs = 120_000
/**
 * The kill lands a random moment into the cycle's work: uniformly between 5 ms and an upper bound of a few
 * times the cycle's warm-up sign-up (which stands for how fast this machine is right now), at least 400 ms
 * and at most 3 s. On an idle machine that is 5 to 400 ms; on a loaded one, where four concurrent sign-ups
 * take a second or more, the window reaches past them, so kills land before anything is acknowledged, in the
 * middle of the sign-ups (the transaction that makes a user and its wallets), and among signatures and exports.
 */
const killWindow = (warmUpSignUpMs: number) => ({
  from: 5,
  to: Math.min(3_000, Math.max(400, 4 * warmUpSignUpMs)),
})
const work = { newcomers: 4, returning: 4, returningExports: 2, secondSignIns: 1, newDevices: 2 }
/** NEW_DEVICE_HOLD_HOURS the server runs with: the hold, and the new-device budget's window. */
const holdHours = 1

function databasesSetting(): { pglite: boolean; postgres: boolean } {
  const raw = (process.env.CRASH_DATABASES ?? '').trim().toLowerCase()
  if (raw === '' || raw === 'both') return { pglite: true, postgres: true }
  if (raw === 'pglite' || raw === 'postgres')
    return { pglite: raw === 'pglite', postgres: raw === 'postgres' }
  process.stderr.write(`crash-test: CRASH_DATABASES must be pglite, postgres or both, not ${raw}\n`)
  process.exit(2)
}

function cyclesSetting(): number {
  const raw = process.env.CRASH_CYCLES
  if (raw === undefined || raw === '') return 100
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    process.stderr.write(`crash-test: CRASH_CYCLES must be a whole number of at least 1, not ${raw}\n`)
    process.exit(2)
  }
  return Number(raw)
}

/** The PostgreSQL this run started, to stop if the test itself is interrupted (servers: killAllStarted). */
const running = { postgres: undefined as TestPostgres | undefined }
/** The data folders of this run: the local devnets its servers started keep their state there. */
const dataDirs: string[] = []

/**
 * Stops the devnets (anvil) this run's servers started and left running, by PID: a killed server's outlive it
 * until the next start stops them, and the last start stops its own on its graceful stop, unless the run ended
 * before.
 */
function stopLeftoverDevnets() {
  for (const dir of dataDirs) {
    for (const { pid } of anvilsServing(dir)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllStarted()
    stopLeftoverDevnets()
    const postgres = running.postgres
    void (postgres ? postgres.release(false) : Promise.resolve()).finally(() => process.exit(130))
  })
}

/** A clean environment: what the server needs to run, and nothing from the caller's shell that would change it. */
function serverEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  const env: Record<string, string> = {
    CHARTER_MODE: 'embedded',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every cycle asks for codes from 127.0.0.1: the default 30 an hour would stop the sign-ups.
    CODES_PER_CLIENT_PER_HOUR: '100000',
    // A new device's signed transfer is weighed only on a chain the server offers (elsewhere it is held, and
    // reserves nothing): the local devnets. Nothing is sent to them; they have a kill -9 test of their own.
    LOCAL_CHAINS: 'on',
    // Members' second sign-ins are new devices for the whole run; sign-ups are never held.
    NEW_DEVICE_HOLD_HOURS: String(holdHours),
  }
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[name]
    if (value) env[name] = value
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  return env
}

type PhaseResult = {
  name: string
  where: string
  cyclesRun: number
  startMs: number[]
  inFlightAtKill: number[]
  kindsAtKill: InFlight[]
  killWindowsTo: number[]
  deviceKey: string
  /** Second sign-ins answered: new devices. */
  newDevices: number
  ledger: Ledger
  tally: Tally
  seconds: number
  dataDir: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const tail = (lines: string[], count = 15) =>
  lines.length === 0 ? '(no output)' : lines.slice(-count).join('\n      ')

async function runPhase(options: {
  name: string
  where: string
  cycles: number
  dataDir: string
  databaseUrl: string | undefined
  snapshot: (question?: BudgetQuestion) => Promise<Snapshot>
}): Promise<PhaseResult> {
  const started = performance.now()
  const { cycles } = options
  const ledger = new Ledger()
  ledger.onViolation = (violation) =>
    log(`${options.name}: VIOLATION in cycle ${violation.cycle}: ${violation.invariant}: ${violation.detail}`)
  const tally = new Tally()
  const result: PhaseResult = {
    name: options.name,
    where: options.where,
    cyclesRun: 0,
    startMs: [],
    inFlightAtKill: [],
    kindsAtKill: [],
    killWindowsTo: [],
    deviceKey: '',
    newDevices: 0,
    ledger,
    tally,
    seconds: 0,
    dataDir: options.dataDir,
  }
  const env = serverEnv(options.dataDir, options.databaseUrl)
  const binding: WorkContext['binding'] = { atAuthenticate: undefined }
  const pool: Member[] = []
  /** New devices: second sign-ins of members in `pool`. */
  const devicePool: Member[] = []
  ledger.budgetWindowMs = holdHours * 3_600_000
  const question: BudgetQuestion = {
    windowHours: holdHours,
    weigh: (rows, activity) => windowEndsFor(ledger, rows, activity),
  }
  // Users a PostgreSQL database held before the run are not this run's to judge.
  // (A database the server has not migrated yet has no tables: no users either.)
  const usersBefore = options.databaseUrl
    ? await options.snapshot().then(
        (snapshot) => new Set(snapshot.users.keys()),
        (error: { code?: string }) => {
          if (error?.code === '42P01') return new Set<string>()
          throw error
        },
      )
    : new Set<string>()
  const every = Math.max(1, Math.floor(cycles / 10))
  log(`${options.name}: ${cycles} cycles on ${options.where}; data folder ${options.dataDir}`)

  const check = async (cycle: number, when: string) => {
    let snapshot: Snapshot
    try {
      snapshot = await options.snapshot(question)
    } catch (error) {
      ledger.violation(`open:${cycle}`, {
        cycle,
        invariant: 'the database opens after a crash',
        detail: `${when}: ${(error as Error).message}`,
      })
      return
    }
    checkSnapshot(ledger, snapshot, cycle, usersBefore)
  }

  let previous: Member[] = []
  let firstAppId: string | undefined
  // One start more than there are kills: the last start shows the server comes back after the last kill.
  for (let cycle = 1; cycle <= cycles + 1; cycle++) {
    const last = cycle > cycles
    let server: ServerProcess
    try {
      server = await ServerProcess.start({
        repoRoot,
        env,
        timeoutMs: healthTimeoutMs,
        onLine: (line) => tally.logLine(line),
      })
    } catch (error) {
      if (!(error instanceof StartFailure)) throw error
      ledger.violation(`start:${cycle}`, {
        cycle,
        invariant: 'the server starts every time',
        detail: `${error.message}; its last output:\n      ${tail(error.output)}`,
      })
      break
    }
    result.startMs.push(server.startMs)
    const health = await fetch(`${server.url}/api/health`).then(
      (response) => response.json() as Promise<{ appId?: unknown }>,
      () => undefined,
    )
    const appId = typeof health?.appId === 'string' ? health.appId : ''
    // APP_ID is unset: the id is generated into DATA_DIR once, and every start after a kill must give the same.
    firstAppId ??= appId
    if (appId !== firstAppId) {
      ledger.violation(`app-id:${cycle}`, {
        cycle,
        invariant: 'the app id survives a crash',
        detail: `${firstAppId} at the first start, ${appId || 'none'} now`,
      })
    }
    const http = new Http(server.url, appId, tally, readOutboxToken(options.dataDir))
    let stopped = false
    const inFlight = { signUps: 0, signatures: 0, exports: 0, budget: 0 }
    const ctx: WorkContext = { http, ledger, cycle, inFlight, stopped: () => stopped, binding }

    try {
      await checkOverHttp(ctx, previous)
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error
    }

    if (last) {
      await server.stop()
      if (server.ended?.code !== 0) {
        ledger.violation('graceful-stop', {
          cycle,
          invariant: 'the server stops cleanly on SIGTERM',
          detail: `exit code ${server.ended?.code}, signal ${server.ended?.signal}:\n      ${tail(server.output)}`,
        })
      }
      await check(cycle, 'after the last restart and a graceful stop')
      break
    }

    const plan = planCycle(pool, devicePool, work)
    const window = killWindow(await warmUp(ctx, pool, devicePool, plan))
    result.killWindowsTo.push(window.to)
    const killAfter = window.from + Math.random() * (window.to - window.from)
    const working = cycleWork(ctx, plan)
    await sleep(killAfter)
    const diedOnItsOwn = !server.alive
    result.inFlightAtKill.push(http.inFlight)
    result.kindsAtKill.push({ ...inFlight })
    await server.kill9()
    stopped = true
    await working
    const { newcomers } = plan
    result.cyclesRun = cycle
    if (diedOnItsOwn) {
      ledger.violation(`died:${cycle}`, {
        cycle,
        invariant: 'the server runs until it is killed',
        detail: `it ended by itself (code ${server.ended?.code}, signal ${server.ended?.signal}):\n      ${tail(server.output)}`,
      })
    }
    for (const member of newcomers) if (member.keyBound) pool.push(member)
    previous = [...newcomers, ...pool, ...devicePool].filter((member) => member.lastActiveCycle === cycle)
    previous = [...new Set(previous)]

    const violationsBefore = ledger.violations.length
    await check(cycle, `after the kill ${killAfter.toFixed(0)} ms into cycle ${cycle}`)
    if (cycle % every === 0 || cycle === cycles || ledger.violations.length > violationsBefore) {
      log(
        `${options.name}: cycle ${cycle}/${cycles}: killed ${killAfter.toFixed(0)} of up to ${window.to.toFixed(0)} ms in, ` +
          `${result.inFlightAtKill.at(-1)} requests in flight; so far ${ledger.signUps.length} sign-ups, ` +
          `${ledger.signatures} signatures (${ledger.budgetSignatures} by new devices), ${ledger.exports} exports ` +
          `acknowledged, ${ledger.leftByKills.size} reservation(s) left by kills, ` +
          `${ledger.violations.length} violation(s)`,
      )
    }
  }
  result.seconds = (performance.now() - started) / 1000
  result.newDevices = devicePool.length
  result.deviceKey =
    binding.atAuthenticate === true
      ? 'bound at sign-in (authorization_key in authenticate)'
      : binding.atAuthenticate === false
        ? 'registered after sign-in (POST /api/v1/sessions/authorization_key): authenticate refused authorization_key'
        : 'not known (no sign-up was answered)'
  return result
}

function log(line: string) {
  process.stdout.write(`crash-test: ${line}\n`)
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function report(result: PhaseResult, cycles: number) {
  const { ledger, tally } = result
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const kills = result.inFlightAtKill
  const windows = result.killWindowsTo.length > 0 ? result.killWindowsTo : [0]
  const lines = [
    ``,
    `${result.name} (${result.where}): ${result.cyclesRun} of ${cycles} cycles in ${result.seconds.toFixed(1)} s`,
    `  starts: ${result.startMs.length} healthy (to /api/health 200: first ${seconds(result.startMs[0] ?? 0)}, ` +
      `p50 ${seconds(percentile(result.startMs, 50))}, max ${seconds(Math.max(0, ...result.startMs))})`,
    `  acknowledged before the kills: ${ledger.signUps.length} sign-ups, ${ledger.signatures} signatures, ` +
      `${ledger.exports} exports (${tally.requests} requests in all)`,
    `  kills: at random from 5 ms to an upper bound of ${Math.min(...windows).toFixed(0)}–` +
      `${Math.max(...windows).toFixed(0)} ms into the work; requests in flight at the kill: ` +
      `mean ${(kills.reduce((a, b) => a + b, 0) / Math.max(1, kills.length)).toFixed(1)}, ` +
      `none in ${kills.filter((n) => n === 0).length} cycle(s); cycles whose kill cut a sign-up ` +
      `${result.kindsAtKill.filter((k) => k.signUps > 0).length}, a signature ` +
      `${result.kindsAtKill.filter((k) => k.signatures > 0).length}, an export ` +
      `${result.kindsAtKill.filter((k) => k.exports > 0).length}, a new device's budget-reserving signature ` +
      `${result.kindsAtKill.filter((k) => k.budget > 0).length}`,
    `  new devices: ${result.newDevices} second sign-ins; their transfers to sign: ` +
      `${ledger.budgetRequests.length} asked, ${ledger.budgetSignatures} answered 200; reservations: ` +
      `${ledger.leftByKills.size} left reserved but unsigned by kills (${ledger.releasedAfterLeft.size} of them ` +
      `released after a restart), ${ledger.signedUnanswered.size} signed but unanswered, ` +
      `${ledger.releasedByServer.size} released by the server; ${ledger.neverReserved.size} unanswered ` +
      `request(s) reserved nothing; ${ledger.windowChecks} left ones weighed at their window's end`,
    `  device key: ${result.deviceKey}`,
    `  local devnets a killed server left running, stopped by the next start: ` +
      `${[...tally.serverLog].filter(([line]) => /local devnet: stopped the one a previous/.test(line)).reduce((n, [, count]) => n + count, 0)}`,
    `  invariant checks: ${ledger.databaseChecks} in the database, ${ledger.httpChecks} over HTTP`,
  ]
  // The embedded secrets' notices come with every first start, and a killed server's devnets are stopped by the
  // next start (counted above); anything else the servers logged is shown.
  const logged = [...tally.serverLog].filter(
    ([line]) =>
      !/Generated a (sign-in secret|wallet master key)|local devnet: stopped the one a previous/.test(line),
  )
  if (logged.length > 0) {
    lines.push('  the servers logged (at warn and above):')
    for (const [line, count] of logged.slice(0, 12)) lines.push(`    ${count}× ${line}`)
    if (logged.length > 12) lines.push(`    … and ${logged.length - 12} other line(s)`)
  }
  if (tally.unexpected.size > 0) {
    lines.push('  unexpected answers (not acknowledged, so not held to the invariants):')
    for (const [route, { count, sample }] of tally.unexpected) lines.push(`    ${count}× ${route}: ${sample}`)
  }
  lines.push(`  violations: ${ledger.violations.length}`)
  for (const violation of ledger.violations) {
    lines.push(`    cycle ${violation.cycle}: ${violation.invariant}: ${violation.detail}`)
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}

function newDataDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `charter-crash-${label}-`))
  chmodSync(dir, 0o700)
  dataDirs.push(dir)
  return dir
}

async function main() {
  const cycles = cyclesSetting()
  const databases = databasesSetting()
  const results: PhaseResult[] = []
  let failedSetup: string | undefined

  if (databases.pglite) {
    const pgliteDir = newDataDir('pglite')
    results.push(
      await runPhase({
        name: 'PGlite',
        where: 'the embedded database',
        cycles,
        dataDir: pgliteDir,
        databaseUrl: undefined,
        snapshot: (question) => pgliteSnapshot(pgliteDir, question),
      }),
    )
  }

  let postgres: TestPostgres | undefined
  if (databases.postgres) {
    try {
      const given = process.env.TEST_DATABASE_URL || undefined
      postgres = given ? await scratchDatabaseOn(given) : await startThrowawayPostgres(repoRoot)
      running.postgres = postgres
    } catch (error) {
      failedSetup = `PostgreSQL: could not get a database: ${(error as Error).message}`
    }
  }
  if (postgres) {
    const url = postgres.url
    // The embedded secret and wallet master key still live in DATA_DIR, kept across the cycles.
    const postgresDir = newDataDir('postgres')
    try {
      results.push(
        await runPhase({
          name: 'PostgreSQL',
          where: postgres.describe,
          cycles,
          dataDir: postgresDir,
          databaseUrl: url,
          snapshot: (question) => postgresSnapshot(url, question),
        }),
      )
    } finally {
      const failed = (results.at(-1)?.ledger.violations.length ?? 0) > 0
      await postgres.release(failed)
      running.postgres = undefined
    }
  }

  let violations = 0
  let cyclesRun = 0
  stopLeftoverDevnets()
  for (const result of results) {
    report(result, cycles)
    violations += result.ledger.violations.length
    cyclesRun += result.cyclesRun
    if (result.ledger.violations.length === 0) rmSync(result.dataDir, { recursive: true, force: true })
    else process.stdout.write(`  kept for a look: ${result.dataDir}\n`)
  }
  if (failedSetup) process.stdout.write(`\n${failedSetup}\n`)
  process.stdout.write(`\ncrash-test: ${cyclesRun} cycles, ${violations} violations\n`)
  process.exit(violations > 0 || failedSetup ? 1 : 0)
}

main().catch((error: unknown) => {
  killAllStarted()
  stopLeftoverDevnets()
  const postgres = running.postgres
  process.stderr.write(`crash-test: the test itself failed: ${(error as Error)?.stack ?? String(error)}\n`)
  void (postgres ? postgres.release(false) : Promise.resolve()).finally(() => process.exit(1))
})
