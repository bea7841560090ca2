import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { charterNote } from '../../../../packages/core/src/__fixtures__/typedData.ts'
import { type CountingDatabase, countingDatabase } from '../testing/countingDatabase.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'

/**
 * What a signature costs the database, statement by statement, on a database of this file's own: the session,
 * the activity line, and nothing of a send's (no nonce, no send record, no chain read), which only the send
 * methods do.
 */
let counting: CountingDatabase
let server: TestServer
beforeAll(async () => {
  counting = await countingDatabase()
  server = await startTestServer({
    database: counting.database,
    // The 30-second send jobs run statements of their own, which a counted request could catch.
    sendJobs: false,
  })
})
afterAll(async () => {
  await server.close()
  await counting.database.close()
})

const { primaryType, ...note } = charterNote
const typedData = { typed_data: { ...note, primary_type: primaryType } }

describe('the statements a signature runs', () => {
  it('signs a message or typed data with the session lookup and the activity line, and nothing of a send', async () => {
    const { caller, wallet } = await signedInMember(server.url)
    const evm = wallet('ethereum')
    // The first call reads the wallet's row, which is kept after.
    expect((await caller.rpc(evm.id, 'personal_sign', { message: 'first', encoding: 'utf-8' })).status).toBe(
      200,
    )
    for (const [method, params] of [
      ['personal_sign', { message: 'hello', encoding: 'utf-8' }],
      ['eth_signTypedData_v4', typedData],
    ] as const) {
      const { answer, ran } = await counting.counted(() => caller.rpc(evm.id, method, params))
      expect(answer.status).toBe(200)
      expect(ran.filter((statement) => /"(sends|nonce_leases|wallets)"/.test(statement))).toEqual([])
      expect(ran.filter((statement) => statement.includes('"wallet_activity"'))).toHaveLength(1)
      // The session and the activity line; the session's slide forward is at most once a minute.
      expect(ran.length).toBeLessThanOrEqual(3)
    }
  })
})
