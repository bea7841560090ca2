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
    // The embedded default first: the server tests on PGlite, whatever the environment says.
    env: { TEST_DATABASE_URL: undefined },
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
    env: { TEST_DATABASE_URL: postgresUrl },
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
if (failedSteps.length > 0) process.stdout.write(`failed steps: ${failedSteps.join(', ')}\n`)
process.stdout.write(`total: ${passed} passed, ${failed} failed\n`)
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0)
