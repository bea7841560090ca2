import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../devnets/evmDevnet/freePort.ts'
import { testDatabaseUrl } from '../settings/env.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { scratchDatabase } from '../testing/scratchDatabase.ts'
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../testing/serverProcess.ts'
import { spawnAnvil, type TestAnvil } from '../testing/spawnAnvil.ts'

// Two replicas of a production deployment starting at once on one PostgreSQL, the sponsor on: one sponsor key of
// each kind between them, and a health line that warns while nobody has funded it yet.

const chainId = 84532
const postgres = testDatabaseUrl()
const secrets = { auth: randomBytes(32).toString('hex'), wallet: randomBytes(32).toString('hex') }

let anvil: TestAnvil | undefined
let database: { url: string; drop: () => Promise<void> } | undefined

async function startReplica(): Promise<ServerProcess> {
  const port = await findFreePort()
  return startServerProcess({
    port,
    env: {
      CHARTER_MODE: 'production',
      APP_ID: 'cm0sponsortestapp00000001',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url as string,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: secrets.auth,
      WALLET_MASTER_KEY: secrets.wallet,
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+15005550006',
      SMS_ALLOWED_COUNTRIES: 'US',
      CHAINS: String(chainId),
      RPC_URL_84532: anvil?.url as string,
      SPONSOR_FEES: 'members',
    },
  })
}

beforeAll(async () => {
  if (!postgres) return
  database = await scratchDatabase(postgres)
  anvil = await spawnAnvil(chainId)
}, 120_000)

afterAll(async () => {
  await stopServerProcesses()
  await anvil?.stop()
  await database?.drop()
})

describe.skipIf(!postgres)('the sponsor on two server processes', () => {
  it('has one key of each kind when both start at once, and warns while it holds nothing', async () => {
    const [first, second] = await Promise.all([startReplica(), startReplica()])
    const lineOf = async (server: ServerProcess) => {
      const health = (await new ApiClient(server.url).get('/api/health')).body as Json
      return health.parts.sponsor
    }
    // A production server does not wait for its nodes to start: the balances come in once read.
    await expect
      .poll(async () => (await lineOf(first)).sponsor.balances.length, { timeout: 10_000 })
      .toBeGreaterThan(0)
    const [one, two] = await Promise.all([lineOf(first), lineOf(second)])
    expect(one.sponsor.addresses).toEqual(two.sponsor.addresses)
    expect(one.sponsor.addresses.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(one.status).toBe('ok')
    expect(one.detail).toMatch(/^low: /)
    expect(one.sponsor.balances).toEqual([
      { chain: '84532', name: expect.any(String), balance: '0', symbol: 'ETH', low: true },
    ])
  }, 120_000)
})
