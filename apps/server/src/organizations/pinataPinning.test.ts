import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { startTestUpstream } from '../testing/testUpstream.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// Production's path: with PINATA_JWT the organisation routes pin through the same storage client, at Pinata
// (here a stand-in that answers as Pinata does), and a pin that fails there is a 502 with the client's words.

let pinata: Awaited<ReturnType<typeof startTestUpstream>>
let server: TestServer
let answer: { status: number; body: string } = { status: 200, body: '' }
const cid = 'QmZ4tDuvesekSs4qM5ZBKpXiZGun7S2CYtEZRB3DYXkjGx'

beforeAll(async () => {
  pinata = await startTestUpstream(async () => answer)
  server = await startTestServer({
    env: {
      PINATA_JWT: 'test-jwt-of-the-stand-in',
      PINATA_API_URL: pinata.origin,
      PINATA_GATEWAY: 'https://charter-test.mypinata.cloud',
    },
  })
})
afterAll(async () => {
  await server?.close()
  await pinata?.close()
})

const document = { type: '1.0', data: { name: 'Pinned at Pinata', extra: { kept: true } } }

/** A member signed in with a device key, as the web app signs in: organisation changes are signed with it. */
async function member() {
  const caller = new WalletCaller(new ApiClient(server.url))
  expect((await caller.signIn('email', uniqueEmail())).status).toBe(200)
  return caller
}

describe('organisations pinned with Pinata', () => {
  it('pins the document as sent, with the JWT, and links it on the configured gateway', async () => {
    const caller = await member()
    answer = {
      status: 200,
      body: JSON.stringify({ IpfsHash: cid, PinSize: 60, Timestamp: '2026-01-01T00:00:00Z' }),
    }
    const created = await caller.post('/api/v1/organizations', { document })
    expect(created.status, created.text).toBe(200)
    expect(created.body).toMatchObject({
      cid,
      document,
      gateway_url: `https://charter-test.mypinata.cloud/ipfs/${cid}`,
    })
    const pin = pinata.seen.at(-1)
    expect(pin?.url).toBe('/pinning/pinJSONToIPFS')
    expect(pin?.headers.authorization).toBe('Bearer test-jwt-of-the-stand-in')
    expect(JSON.parse(pin?.body ?? '')).toEqual({ pinataContent: document })
  })

  it('a pin Pinata refuses is a 502 with the storage client’s words, and nothing is created', async () => {
    const caller = await member()
    answer = { status: 500, body: '{"error":"down"}' }
    const refused = await caller.post('/api/v1/organizations', { document })
    expect(refused.status).toBe(502)
    expect(refused.body).toEqual({
      error: 'Error: failed to pin data, error code: 500',
      code: 'pinning_failed',
    })
    expect((await caller.api.get('/api/v1/organizations')).body.organizations).toEqual([])
  })
})
