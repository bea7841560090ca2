// `npm test`: every check and every layer of tests, in order, then one summary line.
// Each step runs even when an earlier one failed, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// With a PostgreSQL URL (CI starts one: scripts/start-test-postgres.sh), the server tests run a second time on it.
const postgresUrl = process.env.TEST_DATABASE_URL
const out = '.test-output'
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

const steps = [
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'typecheck', cmd: ['node', 'scripts/typecheck.mjs'] },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  {
    name: 'unit, server and web tests',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}/vitest.json`],
    // The embedded default first: the server tests on PGlite, whatever the environment says. CI=true as on the CI
    // machine, so a missing snapshot fails here too instead of being written.
    env: { TEST_DATABASE_URL: undefined, CI: 'true' },
  },
  {
    name: 'server tests on PostgreSQL',
    skip: !postgresUrl && 'TEST_DATABASE_URL is not set: the server tests ran on PGlite only.',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}/vitest-postgres.json`,
    ],
    env: { TEST_DATABASE_URL: postgresUrl, CI: 'true' },
  },
  {
    name: 'end-to-end tests',
    cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    before: () =>
      existsSync(chromium) ||
      `Chromium is not at ${chromium}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  },
]

const failedSteps = []
for (const step of steps) {
  process.stdout.write(`\n=== ${step.name}\n`)
  if (step.skip) {
    process.stdout.write(`skipped: ${step.skip}\n`)
    continue
  }
  const problem = step.before?.()
  if (typeof problem === 'string') {
    process.stdout.write(`${problem}\n`)
    failedSteps.push(step.name)
    continue
  }
  const [command, ...args] = step.cmd
  const env = { ...process.env, ...step.env }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) failedSteps.push(step.name)
}

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined)
const vitest = readJson(`${out}/vitest.json`)
const vitestPostgres = readJson(`${out}/vitest-postgres.json`)
const e2e = readJson(`${out}/e2e.json`)
const counts = {
  vitest: { passed: vitest?.numPassedTests ?? 0, failed: vitest?.numFailedTests ?? 0 },
  ...(vitestPostgres && {
    'vitest on PostgreSQL': { passed: vitestPostgres.numPassedTests, failed: vitestPostgres.numFailedTests },
  }),
  playwright: {
    passed: (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0),
    failed: e2e?.stats?.unexpected ?? 0,
  },
}
const passed = Object.values(counts).reduce((sum, count) => sum + count.passed, 0)
const failed = Object.values(counts).reduce((sum, count) => sum + count.failed, 0)

process.stdout.write('\n')
for (const [runner, { passed, failed }] of Object.entries(counts)) {
  process.stdout.write(`${runner}: ${passed} passed, ${failed} failed\n`)
}
// The failures by name, so that the last lines of a long log say which tests to look at.
const failures = [
  ...vitestFailures('vitest', vitest),
  ...vitestFailures('vitest on PostgreSQL', vitestPostgres),
  ...playwrightFailures(e2e?.suites ?? []),
]
for (const failure of failures.slice(0, 20)) process.stdout.write(`failed: ${failure}\n`)
if (failures.length > 20) process.stdout.write(`failed: … and ${failures.length - 20} more\n`)
if (failedSteps.length > 0) process.stdout.write(`failed steps: ${failedSteps.join(', ')}\n`)
process.stdout.write(`total: ${passed} passed, ${failed} failed\n`)
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0)

function vitestFailures(runner, report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${runner} › ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      ),
  )
}

function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map(
          (test) =>
            `playwright › ${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]: ${firstLine(test.results?.at(-1)?.error?.message)}`,
        ),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ])
}

function firstLine(message) {
  return (message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')[0]
    .slice(0, 300)
}
