import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './db/Database.ts'
import { openDatabase } from './db/openDatabase.ts'
import { SettingsError } from './settings/env.ts'
import { ApiClient, uniqueEmail } from './testing/ApiClient.ts'
import type { Json } from './testing/Json.ts'
import { startTestServer, type TestServer } from './testing/startTestServer.ts'
import { WalletCaller } from './testing/WalletCaller.ts'

// The embedded parts as `npm start` runs them: PGlite in DATA_DIR on disk, not the shared test database.

let dataDir: string
let database: Database
let server: TestServer

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'charter-data-'))
  server = await startTestServer({ dataDir, database: await diskDatabase() })
}, 60_000)
afterAll(async () => {
  await server.close()
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function diskDatabase(): Promise<Database> {
  // Made the way the server makes it: after prepareDataDir set the umask, inside DATA_DIR.
  process.umask(0o077)
  database = await openDatabase({ kind: 'pglite', dataDir })
  return database
}

describe('DATA_DIR', () => {
  it('is private: the folder 0700, every file in it 0600 or stricter', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    const files = await filesUnder(dataDir)
    expect(files.some((file) => file.endsWith('wallet-master-key'))).toBe(true)
    expect(files.some((file) => file.includes('pglite'))).toBe(true)
    for (const file of files) expect((await stat(file)).mode & 0o077, file).toBe(0)
  })

  it('refuses to start when others can read it, and says how to fix it', async () => {
    const open = await mkdtemp(join(tmpdir(), 'charter-open-'))
    await chmod(open, 0o755)
    try {
      await expect(startTestServer({ dataDir: open, database })).rejects.toThrow(SettingsError)
      await expect(startTestServer({ dataDir: open, database })).rejects.toThrow(`chmod 700 ${open}`)
    } finally {
      await rm(open, { recursive: true, force: true })
    }
  })
})

describe('an export', () => {
  it('leaves the key in no file under DATA_DIR and no row, in hex, bytes or base58', async () => {
    const caller = new WalletCaller(new ApiClient(server.url))
    const email = uniqueEmail()
    const signedIn = await caller.signIn('email', email)
    const wallets = signedIn.body.user.linked_accounts.filter(
      (account: { type: string }) => account.type === 'wallet',
    )
    const secrets: Buffer[] = []
    for (const wallet of wallets) {
      await caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
      const code = await caller.api.codeFor(email)
      const headers = { 'privy-idempotency-key': `export-${wallet.id}` }
      const answer = await caller.post(
        `/api/v1/wallets/${wallet.id}/export`,
        { code, format: 'private_key' },
        { headers },
      )
      expect(answer.status).toBe(200)
      const key: string = answer.body.private_key
      const bytes = key.startsWith('0x')
        ? Buffer.from(key.slice(2), 'hex')
        : Buffer.from(base58.decode(key)).subarray(0, 32)
      secrets.push(bytes)
    }
    // Let PGlite write what it keeps in memory, as a stop would.
    await database.rawTransaction((query) => query('CHECKPOINT'))

    const needles = secrets.flatMap((bytes) => [
      bytes,
      Buffer.from(bytes.toString('hex')),
      Buffer.from(bytes.toString('base64')),
    ])
    for (const file of await filesUnder(dataDir)) {
      const content = await readFile(file)
      for (const needle of needles) expect(content.includes(needle), file).toBe(false)
    }
    const rows = JSON.stringify(
      await database.rawTransaction(async (query) => {
        const tables = await query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return Promise.all(tables.map((table) => query(`SELECT * FROM ${table.tablename as string}`)))
      }),
    )
    for (const bytes of secrets) {
      expect(rows).not.toContain(bytes.toString('hex'))
      expect(rows).not.toContain(bytes.toString('base64'))
    }
  }, 60_000)
})

describe('a master key the server lacks', () => {
  it('still starts, logs the count, and reports degraded health', async () => {
    const otherKey = '2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe'
    const restarted = await startTestServer({ dataDir, database, env: { WALLET_MASTER_KEY: otherKey } })
    try {
      const health: Json = await (await fetch(`${restarted.url}/api/health`)).json()
      expect(health.status).toBe('degraded')
      expect(health.parts.wallets).toMatchObject({ status: 'error', unopenable: expect.any(Number) })
      expect(health.parts.wallets.unopenable).toBeGreaterThanOrEqual(2)
      expect(restarted.logs.join('\n')).toContain(
        'wallets are wrapped by a master key this server does not have',
      )
    } finally {
      await restarted.close()
    }
  })
})
