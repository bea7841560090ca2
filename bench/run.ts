// `npm run bench`: the figures the roadmap tracks, each beside its floor measured in the same run.
// Numbers, not pass/fail: a slow machine prints slower numbers.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { measurePersonalSign, signFloor } from './personalSign.ts'
import { measureSignIn } from './signIn.ts'
import { bareNodeServerMs, startToHealthyMs } from './startToHealthy.ts'
import { bareReactGzip, initialJsGzip } from './webBundleSize.ts'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const row = (name: string, value: string, floor: string, note = '') =>
  console.log(`${name.padEnd(38)} ${value.padStart(12)}   floor ${floor.padStart(10)}   ${note}`)

const dist = `${repoRoot}apps/web/dist`
if (!existsSync(`${dist}/.vite/manifest.json`)) {
  console.error('Build the web app first: npm run build')
  process.exit(1)
}

console.log('Charter bench\n')
row(
  'web app initial JavaScript (gzip)',
  kb(initialJsGzip(dist)),
  kb(bareReactGzip(repoRoot)),
  'floor: React 19 rendering one heading; budget 150 KB',
)

const restarts = 5
const app = await startToHealthyMs(repoRoot, restarts)
const bare: number[] = []
for (let i = 0; i < restarts; i++) bare.push(await bareNodeServerMs(repoRoot))
row(
  'start to healthy, first start',
  `${app.first.toFixed(0)} ms`,
  `${median(bare).toFixed(0)} ms`,
  'creates the embedded database; floor: a bare Node HTTP server',
)
row(
  `start to healthy, restart (median of ${restarts})`,
  `${median(app.restarts).toFixed(0)} ms`,
  `${median(bare).toFixed(0)} ms`,
  'the embedded database exists',
)

const { signIn, floor } = await measureSignIn()
const ms = (value: number) => `${value.toFixed(1)} ms`
row(
  'sign-in, init + authenticate, p50',
  ms(signIn.p50),
  ms(floor.p50),
  'floor: two GET /api/health; target under 30 ms',
)
row('sign-in, init + authenticate, p99', ms(signIn.p99), ms(floor.p99), 'target under 100 ms')

const floorSign = await signFloor(500)
const describeSign = (s: { p50: number; p99: number; perSecond: number }) =>
  `${s.p50.toFixed(1)}/${s.p99.toFixed(1)} ms ${s.perSecond.toFixed(0)}/s`
console.log(
  `\npersonal_sign (p50/p99, signatures per second); floor: secp256k1 signature + one P-256 verification in-process`,
)
row('floor, in-process', describeSign(floorSign), '', '')
for (const concurrency of [1, 50]) {
  const measured = await measurePersonalSign(repoRoot, concurrency, concurrency === 1 ? 500 : 3000)
  const share = ((measured.perSecond / floorSign.perSecond) * 100).toFixed(0)
  row(
    `personal_sign over HTTP, ${concurrency} caller${concurrency === 1 ? '' : 's'}`,
    describeSign(measured),
    describeSign(floorSign),
    `${share}% of the floor's rate; target: p50 ≤ 5 ms at 1 caller, ≥ 50% of the floor's rate at 50`,
  )
}
