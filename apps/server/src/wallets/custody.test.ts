import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wallets } from '../db/schema.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'
import { KeyVault } from './KeyVault.ts'
import { rewrapWalletKeys } from './rewrapWalletKeys.ts'
import { solanaSecretKeyBase58 } from './walletKeys.ts'

const oldKey = randomBytes(32).toString('hex')
const newKey = randomBytes(32).toString('hex')
let server: TestServer
let userId: string

beforeAll(async () => {
  server = await startTestServer({ env: { WALLET_MASTER_KEY: oldKey } })
  const caller = new WalletCaller(new ApiClient(server.url))
  // A new member, whose wallets this server (and so `oldKey`) made: a number another file already signed in with
  // would bring that account's wallets, made under another key.
  let signedIn = await caller.signIn('phone', uniquePhoneNumber())
  while (signedIn.body.is_new_user !== true) signedIn = await caller.signIn('phone', uniquePhoneNumber())
  userId = signedIn.body.user.id
  const evm = signedIn.body.user.linked_accounts.find(
    (account: { chain_type?: string }) => account.chain_type === 'ethereum',
  )
  await caller.rpc(evm.id, 'personal_sign', { message: 'a signature for the log', encoding: 'utf-8' })
})
afterAll(() => server.close())

describe('key custody', () => {
  it('leaves no private key in the database or the server log', async () => {
    const database = await sharedTestDatabase()
    const vault = new KeyVault(Buffer.from(oldKey, 'hex'))
    const rows = await database.db.select().from(wallets).where(eq(wallets.userId, userId))
    expect(rows).toHaveLength(2)
    const dump = JSON.stringify(
      await database.rawTransaction(async (query) => {
        const tables = await query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        const all: unknown[] = []
        for (const { tablename } of tables) all.push(await query(`SELECT * FROM "${String(tablename)}"`))
        return all
      }),
    )
    const log = server.logs.join('\n')
    expect(dump).toContain(rows[0]?.address)
    for (const row of rows) {
      const key = vault.open(
        { ciphertext: row.sealedKey, wrappedDataKey: row.wrappedDataKey, masterKeyId: row.masterKeyId },
        { walletId: row.id, userId },
      )
      const spellings = [key.toString('hex'), key.toString('base64'), base58.encode(key)]
      if (row.chainType === 'solana') spellings.push(solanaSecretKeyBase58(key))
      for (const spelling of spellings) {
        expect(dump.toLowerCase()).not.toContain(spelling.toLowerCase())
        expect(log.toLowerCase()).not.toContain(spelling.toLowerCase())
      }
    }
    expect(dump).not.toContain(oldKey)
  })

  it('rotates the master key: rewrap moves every wallet, and a server with only the new key still signs', async () => {
    const database = await sharedTestDatabase()
    const { moved } = await rewrapWalletKeys(
      database.db,
      new KeyVault(Buffer.from(newKey, 'hex'), [Buffer.from(oldKey, 'hex')]),
    )
    expect(moved).toBe(2)
    const rows = await database.db.select().from(wallets).where(eq(wallets.userId, userId))
    const newId = new KeyVault(Buffer.from(newKey, 'hex')).currentMasterKeyId
    expect(rows.every((row) => row.masterKeyId === newId)).toBe(true)

    const rotated = await startTestServer({ env: { WALLET_MASTER_KEY: newKey } })
    try {
      const api = new ApiClient(rotated.url)
      const phone = (
        await database.rawTransaction((query) =>
          query(`SELECT value FROM identities WHERE user_id = '${userId}' AND kind = 'phone'`),
        )
      )[0]?.value as string
      const caller = new WalletCaller(api)
      await caller.signIn('phone', phone)
      const answer = await caller.rpc(
        rows[0]?.id as string,
        rows[0]?.chainType === 'ethereum' ? 'personal_sign' : 'signMessage',
        rows[0]?.chainType === 'ethereum'
          ? { message: 'after rotation', encoding: 'utf-8' }
          : { message: 'aGk=', encoding: 'base64' },
      )
      expect(answer.status).toBe(200)
    } finally {
      await rotated.close()
    }
  })
})
