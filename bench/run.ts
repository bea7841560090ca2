// `npm run bench`: the figures the roadmap tracks, each beside its floor measured in the same run, in turns
// with it (floor, figure, floor, figure, …) on servers warmed first, so that a machine busy with other work
// moves both alike. Numbers, not pass/fail: a slow machine prints slower numbers, and the ratios say how far
// each figure stands above what any request, start or page costs at least.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { measureBalances, type Reads } from './balances.ts'
import { reportPersonalSign } from './personalSignReport.ts'
import { measurePinning } from './pinning.ts'
import { reportPolicyCost } from './policyCost.ts'
import { kb, ms, ratio, row, times } from './report.ts'
import { percentile, ratios, type Summary, spread, summarize } from './rounds.ts'
import { measureSends } from './sends.ts'
import { measureSignIn } from './signIn.ts'
import { measureSponsoredSends } from './sponsoredSends.ts'
import { startToHealthyRounds } from './startToHealthy.ts'
import { bareReactGzip, initialJsGzip } from './webBundleSize.ts'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const started = performance.now()
const p50 = (summary: Summary) => summary.p50
const p99 = (summary: Summary) => summary.p99
const rate = (summary: Summary) => summary.perSecond
/**
 * BENCH_SECTIONS: the sections to run, separated by commas (bundle, start, balances, signIn, personalSign, policy,
 * sends, sponsored, pinning); all of them when unset. Names given after the command count too: `npm run bench --
 * sponsored` runs that section alone. BENCH_DATABASE_URL: a PostgreSQL database the sign-in and personal_sign
 * servers use instead of PGlite (the others keep PGlite).
 */
const sectionNames = [
  'bundle',
  'start',
  'balances',
  'signIn',
  'personalSign',
  'policy',
  'sends',
  'sponsored',
  'pinning',
] as const
const asked = [process.env.BENCH_SECTIONS ?? '', ...process.argv.slice(2)]
  .flatMap((names) => names.split(','))
  .map((name) => name.trim())
  .filter(Boolean)
for (const name of asked) {
  if (!(sectionNames as readonly string[]).includes(name)) {
    console.error(`BENCH_SECTIONS: ${name} is not a section (${sectionNames.join(', ')})`)
    process.exit(2)
  }
}
const wanted = (name: (typeof sectionNames)[number]) => asked.length === 0 || asked.includes(name)
console.log(
  'Charter bench: each figure beside its floor; ×: figure/floor, the median over the rounds (lowest–highest)\n',
)
if (process.env.BENCH_DATABASE_URL)
  console.log('sign-in and personal_sign on PostgreSQL (BENCH_DATABASE_URL)\n')

if (wanted('bundle')) {
  const dist = `${repoRoot}apps/web/dist`
  if (!existsSync(`${dist}/.vite/manifest.json`)) {
    console.error('Build the web app first: npm run build')
    process.exit(1)
  }

  const bundle = initialJsGzip(dist)
  const bareReact = bareReactGzip(repoRoot)
  row(
    'web app initial JavaScript (gzip)',
    kb(bundle),
    kb(bareReact),
    `×${ratio(bundle / bareReact)}`,
    'floor: React 19 rendering one heading; budget 150 KB',
  )
}
if (wanted('start')) {
  const restarts = 5
  const start = await startToHealthyRounds(repoRoot, restarts)
  row(
    `start to healthy, first start (median of ${restarts})`,
    ms(summarize(start.first).p50),
    ms(summarize(start.floorFirst).p50),
    times(ratios(start.first, start.floorFirst, p50)),
    "with the devnets (LOCAL_CHAINS=on, the default): healthy = /api/health tells the 3 devnets' heights",
  )
  row(
    '  without the devnets',
    ms(summarize(start.firstOff).p50),
    ms(summarize(start.floorFirst).p50),
    times(ratios(start.firstOff, start.floorFirst, p50)),
    'LOCAL_CHAINS=off, the start before chains: healthy = /api/health answers; creates the embedded database',
  )
  row(
    `start to healthy, restart (median of ${restarts})`,
    ms(summarize(start.restart).p50),
    ms(summarize(start.floorRestart).p50),
    times(ratios(start.restart, start.floorRestart, p50)),
    'with the devnets; their state and the embedded database exist',
  )
  row(
    '  without the devnets',
    ms(summarize(start.restartOff).p50),
    ms(summarize(start.floorRestart).p50),
    times(ratios(start.restartOff, start.floorRestart, p50)),
    'LOCAL_CHAINS=off; floor: a bare Node HTTP server; every stop checked to leave no anvil running',
  )
}
if (wanted('balances')) {
  const balancesPlan = { delayMs: 50, rounds: 10, perRound: 5, warmUp: 3, manyEntries: 12 }
  const balances = await measureBalances(balancesPlan)
  console.log(
    [
      `\nbalances (native + USDC) of one EVM and one Solana address on every configured chain, through a JSON-RPC proxy`,
      `  that adds ${balancesPlan.delayMs} ms to each HTTP request: ${balancesPlan.rounds} rounds of ${balancesPlan.perRound} reads, after ${balancesPlan.warmUp} of each. Floor: one round trip`,
      "  through the proxy (eth_chainId). Naive: one request per balance, each chain's in turn, the chains side by side",
    ].join('\n'),
  )
  const requestsOf = (reads: Reads) => {
    const low = Math.min(...reads.requests)
    const high = Math.max(...reads.requests)
    return low === high ? `${low} req` : `${low}–${high} req`
  }
  const perChain = (reads: Reads) => {
    const most = Math.max(...reads.mostToOneChain)
    return `${(Math.max(...reads.requests) / reads.entries).toFixed(2).replace(/\.00$/, '')} req per chain, at most ${most} to one`
  }
  const floorFigure = `${requestsOf(balances.floor)}, ${ms(summarize(balances.floor.batches).p50)}`
  const target = 1.5 * balancesPlan.delayMs
  const balanceRow = (name: string, reads: Reads, note: string) => {
    const wall = summarize(reads.batches).p50
    row(
      name,
      `${requestsOf(reads)}, ${ms(wall)}`,
      floorFigure,
      times(ratios(reads.batches, balances.floor.batches, p50)),
      `${perChain(reads)}; ${note}`,
    )
  }
  const charterTarget = (reads: Reads) => {
    const met = Math.max(...reads.mostToOneChain) === 1 && summarize(reads.batches).p50 < target
    return `target 1 per chain, p50 under ${ms(target)}: ${met ? 'met' : 'not met'}`
  }
  balanceRow('balances, 3 chains, Charter, p50', balances.charter, charterTarget(balances.charter))
  balanceRow('balances, 3 chains, naive, p50', balances.naive, 'one request per balance')
  balanceRow(
    `balances, ${balancesPlan.manyEntries} entries, Charter, p50`,
    balances.charterMany,
    `${charterTarget(balances.charterMany)}; the ${balancesPlan.manyEntries - 3} entries past the 3 chains are the same 2 anvils (same USDC), each through a proxy route of its own`,
  )
  row(
    '',
    '',
    `${requestsOf(balances.floorMany)}, ${ms(summarize(balances.floorMany.batches).p50)} side by side`,
    times(ratios(balances.charterMany.batches, balances.floorMany.batches, p50)),
    `second floor: one round trip to each of the ${balancesPlan.manyEntries} entries at once (eth_chainId, getSlot), no reading`,
  )
  balanceRow(
    `balances, ${balancesPlan.manyEntries} entries, naive, p50`,
    balances.naiveMany,
    'one request per balance',
  )
}
if (wanted('signIn')) {
  const signInPlan = { rounds: 10, perRound: 30, warmUp: 3000 }
  const signIn = await measureSignIn(signInPlan)
  const signInFigure = summarize(signIn.signIn)
  const signInFloor = summarize(signIn.floor)
  console.log(
    `\nsign-in by email, a new member each time: ${signInPlan.rounds} rounds of ${signInPlan.perRound}, after ${signInPlan.warmUp} requests to warm each server`,
  )
  row(
    'sign-in, init + authenticate, p50',
    ms(signInFigure.p50),
    ms(signInFloor.p50),
    times(ratios(signIn.signIn, signIn.floor, p50)),
    'floor: two no-op POSTs behind the same middleware, same client; target p50 ≤ 5 × the floor',
  )
  row(
    'sign-in, init + authenticate, p99',
    ms(signInFigure.p99),
    ms(signInFloor.p99),
    times(ratios(signIn.signIn, signIn.floor, p99)),
    'target under 100 ms',
  )
}
if (wanted('personalSign')) await reportPersonalSign(repoRoot)
if (wanted('policy')) await reportPolicyCost(repoRoot)
if (wanted('sends')) {
  const sendsPlan = { rounds: 5, concurrency: 20 }
  const sends = await measureSends(repoRoot, sendsPlan)
  const perSecond = (wallMs: number) => `${((sendsPlan.concurrency / wallMs) * 1000).toFixed(1)}/s`
  const sendsP50 = percentile(sends.sends, 0.5)
  const signsP50 = percentile(sends.floor, 0.5)
  console.log(
    [
      `\nsends: ${sendsPlan.concurrency} concurrent eth_sendTransaction from one wallet on the local Base Sepolia (anvil mines`,
      `  each as it comes), timed until GET /wallets/:id/sends shows all confirmed; ${sendsPlan.rounds} rounds after one to warm.`,
      `  Floor, in turns with it: eth_signTransaction of ${sendsPlan.concurrency} fully given transactions by ${sendsPlan.concurrency} callers at once`,
      '  (signing without the nonce lease, the record, the broadcast and the receipt)',
    ].join('\n'),
  )
  row(
    `${sendsPlan.concurrency} sends, all confirmed, p50`,
    `${ms(sendsP50)} ${perSecond(sendsP50)}`,
    `${ms(signsP50)} ${perSecond(signsP50)} signed`,
    times(spread(sends.sends.map((wall, round) => wall / (sends.floor[round] ?? Number.NaN)))),
    `sends per second over the whole round; rounds ${sends.sends.map((wall) => ms(wall)).join(', ')}`,
  )
}
if (wanted('sponsored')) {
  const sponsoredPlan = { rounds: 5 }
  const sponsored = await measureSponsoredSends(repoRoot, sponsoredPlan)
  console.log(
    [
      `\nsponsored sends: a USDC send whose gas Charter pays (sponsor: true: the member signs an EIP-3009 authorisation,`,
      '  the sponsor submits transferWithAuthorization) on the local Base Sepolia, timed until GET /wallets/:id/sends',
      `  shows it confirmed; ${sponsoredPlan.rounds} rounds after one of each to warm. Floor, in turns with it: a plain USDC transfer`,
      '  from the same wallet, which pays its own gas',
    ].join('\n'),
  )
  const sponsoredP50 = percentile(sponsored.sponsored, 0.5)
  const plainP50 = percentile(sponsored.plain, 0.5)
  row(
    'sponsored USDC send, confirmed, p50',
    ms(sponsoredP50),
    `${ms(plainP50)} plain`,
    times(spread(sponsored.sponsored.map((wall, round) => wall / (sponsored.plain[round] ?? Number.NaN)))),
    `one at a time; sponsored ${sponsored.sponsored.map((wall) => ms(wall)).join(', ')}; plain ${sponsored.plain.map((wall) => ms(wall)).join(', ')}`,
  )
}
if (wanted('pinning')) {
  const pinningPlan = { rounds: 5, perRound: 100, warmUp: 3000 }
  const pinning = await measurePinning(pinningPlan)
  const describeRate = (s: Summary) => `${s.perSecond.toFixed(0)}/s, p50 ${ms(s.p50)}`
  console.log(
    [
      `\nCharter's own pinning service, a 1 KiB role document, one caller: ${pinningPlan.rounds} rounds of ${pinningPlan.perRound}, after ${pinningPlan.warmUp}`,
      '  to warm. Floor, in turns with them: the CID of the same document alone (the IPFS importer, in process)',
    ].join('\n'),
  )
  row(
    'pins per second, 1 KiB (CIDv0)',
    describeRate(summarize(pinning.pins)),
    `${describeRate(summarize(pinning.cid))} CID`,
    `rate ${times(ratios(pinning.pins, pinning.cid, rate))}`,
    'POST /pinning/pinJSONToIPFS: key, JSON, CID, blocks and pin committed (PGlite on disk)',
  )
  row(
    'gateway reads per second, 1 KiB',
    describeRate(summarize(pinning.reads)),
    `${describeRate(summarize(pinning.cid))} CID`,
    `rate ${times(ratios(pinning.reads, pinning.cid, rate))}`,
    'GET /ipfs/{cid} of the documents pinned',
  )
}
console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(0)} s`)
