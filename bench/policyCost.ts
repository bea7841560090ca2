import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signInWithDeviceKey } from './benchMember.ts'
import { type SignPlan, signedCaller } from './personalSign.ts'
import { row, times } from './report.ts'
import { type Batch, inTurns, ratios, type Summary, summarize } from './rounds.ts'
import { spawnServer } from './spawnServer.ts'

/**
 * The policy engine's cost: the same wallet calls from the member's trusted device (the engine answers without a
 * rule to apply) and from a new device of the same member (the new-device budget applies). `personal_sign` moves
 * nothing, so the engine answers it without the database on either; `eth_signTransaction` of a 1-wei transfer is
 * weighed, and from the new device its move is reserved in the database before the key is opened.
 */
export async function reportPolicyCost(repoRoot: string): Promise<void> {
  const warmUp = 3000
  const plans: SignPlan[] = [
    { concurrency: 1, rounds: 10, perRound: 50 },
    { concurrency: 50, rounds: 5, perRound: 600 },
  ]
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-'))
  const server = await spawnServer(repoRoot, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CODES_PER_CLIENT_PER_HOUR: '1000',
    NEW_DEVICE_HOLD_HOURS: '24',
  })
  const agent = new Agent({ keepAlive: true, maxSockets: 50 })
  try {
    // The sign-up's session made the wallets, so it is trusted; the second sign-in is a new device.
    const trusted = await signInWithDeviceKey(server.url, dataDir)
    const newDevice = await signInWithDeviceKey(server.url, dataDir, trusted.email)
    const caller = (session: typeof trusted, method: 'personal_sign' | 'eth_signTransaction') =>
      signedCaller({
        baseUrl: server.url,
        path: `/api/v1/wallets/${trusted.walletId}/rpc`,
        appId: server.appId,
        cookie: session.cookie,
        deviceKey: session.deviceKey,
        agent,
        body: (i) =>
          method === 'personal_sign'
            ? { method, params: { message: `Hello from Charter ${i}`, encoding: 'utf-8' } }
            : {
                method,
                // 1 wei and a fee of 21,000 wei: a new device's 0.05 ETH lasts far beyond the bench's calls.
                params: {
                  transaction: {
                    chain_id: 84532,
                    to: '0x1111111111111111111111111111111111111111',
                    value: 1,
                    nonce: i,
                    gas_limit: 21_000,
                    max_fee_per_gas: 1,
                    max_priority_fee_per_gas: 1,
                  },
                },
              },
      })
    console.log(
      [
        `\nThe policy engine's cost (p50/p99 ms, calls per second), after ${warmUp} requests to warm each route: the same`,
        '  call from a new device (the new-device budget applies) beside the member’s trusted device (no rule',
        '  applies). personal_sign moves nothing; eth_signTransaction of a 1-wei transfer on the local Base Sepolia is',
        '  weighed, and from the new device reserved in the database before the key is opened.',
      ].join('\n'),
    )
    const describe = (s: Summary) => `${s.p50.toFixed(1)}/${s.p99.toFixed(1)} ms ${s.perSecond.toFixed(0)}/s`
    for (const method of ['personal_sign', 'eth_signTransaction'] as const) {
      const floor = caller(trusted, method)
      const figure = caller(newDevice, method)
      await floor(warmUp, 50)
      await figure(warmUp, 50)
      for (const plan of plans) {
        const rounds = await inTurns(plan.rounds, {
          floor: () => floor(plan.perRound, plan.concurrency),
          figure: () => figure(plan.perRound, plan.concurrency),
        })
        const against = (floorBatches: Batch[]) =>
          `p50 ${times(ratios(rounds.figure, floorBatches, (s) => s.p50))}, rate ${times(ratios(rounds.figure, floorBatches, (s) => s.perSecond))}`
        row(
          `${method}, new device, ${plan.concurrency} caller${plan.concurrency === 1 ? '' : 's'}`,
          describe(summarize(rounds.figure)),
          `${describe(summarize(rounds.floor))} trusted device`,
          against(rounds.floor),
          `${plan.rounds} rounds of ${plan.perRound}`,
        )
      }
    }
  } finally {
    agent.destroy()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
