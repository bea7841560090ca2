import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { openDatabase } from '../db/openDatabase.ts'
import { testDatabaseUrl } from '../settings/env.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer } from '../testing/startTestServer.ts'

it('keeps a session across a server restart', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'charter-restart-'))
  // PGlite on disk in that folder, as `npm start` uses it; PostgreSQL when CI provides one.
  const open = () => (testDatabaseUrl() ? sharedTestDatabase() : openDatabase({ kind: 'pglite', dataDir }))
  try {
    const firstDatabase = await open()
    const first = await startTestServer({ dataDir, database: firstDatabase })
    const me = new ApiClient(first.url)
    const signedIn = await me.signInByPhone(uniquePhoneNumber())
    expect(signedIn.status).toBe(200)
    await first.close()
    if (!testDatabaseUrl()) await firstDatabase.close()

    const secondDatabase = await open()
    const second = await startTestServer({ dataDir, database: secondDatabase })
    try {
      const again = new ApiClient(second.url)
      again.cookie = me.cookie
      const answer = await again.get('/api/v1/users/me')
      expect(answer.status).toBe(200)
      expect(answer.body.user.id).toBe(signedIn.body.user.id)
      const viaToken = await new ApiClient(second.url).get('/api/v1/users/me', {
        authorization: `Bearer ${signedIn.body.token}`,
      })
      expect(viaToken.status).toBe(200)
    } finally {
      await second.close()
      if (!testDatabaseUrl()) await secondDatabase.close()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})
