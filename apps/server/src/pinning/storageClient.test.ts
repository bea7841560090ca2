import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createStorageClient,
  InvalidMetadataDocumentError,
  type MetadataDocument,
  StorageError,
} from '@charter/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetRateLimit } from '../http/rateLimit.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { pinningKeyFileName } from './pinningKey.ts'

// The core's storage client (the same code path as for Pinata) against Charter's own pinning service and
// gateway, configured as the server's part says: what a pin and a read through it give, and each failure's text.

let server: TestServer
const role: MetadataDocument = {
  type: '1.0',
  data: {
    name: 'Treasurer',
    description: '<b>Keeps</b> the books',
    responsibilities: [{ label: 'Monthly report', link: 'https://example.org/r' }],
    authorities: [{ label: 'Pay invoices', gate: '0x0000000000000000000000000000000000000001' }],
  },
  // What the Hats Protocol app adds: kept through a round trip.
  eligibility: '0xabc',
}

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

/** Charter's own service as another client reaches it: at the server's origin, with the key in DATA_DIR. */
const clientConfig = () => ({
  apiUrl: server.url,
  pinningKey: readFileSync(join(server.dataDir, pinningKeyFileName), 'utf8').trim(),
  gateway: server.url,
})
const client = (overrides: { pinningKey?: string } = {}) => {
  const { apiUrl, pinningKey, gateway } = clientConfig()
  return createStorageClient({
    provider: 'pinata',
    pinata: { apiUrl, pinningKey: overrides.pinningKey ?? pinningKey, gateway },
  })
}

describe('the storage client on Charter’s own service', () => {
  it('links the server’s documents at its own gateway, as the client reads them', () => {
    const pinning = server.parts.registry.get('pinning').adapter
    expect(pinning?.service).toBe('charter')
    expect(pinning?.gatewayUrl('QmCid')).toBe(`${server.url}/ipfs/QmCid`)
  })

  it('pins a role and reads the same document back, unknown keys and all, as CIDv0 and CIDv1', async () => {
    const storage = client()
    const v0 = await storage.pin(role)
    expect(v0).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/)
    expect(await storage.get(v0)).toEqual({ parsedData: role, rawData: null, error: null })
    const v1 = await storage.pin(role, { cidVersion: 1 })
    expect(v1).toMatch(/^bafkrei/)
    expect((await storage.get(`ipfs://${v1}`)).parsedData).toEqual(role)
  })

  it('a document the schema refuses is not sent; one pinned elsewhere comes back raw, with what does not match', async () => {
    const storage = client()
    await expect(storage.pin({ type: '1.0', data: { name: ' ' } } as never)).rejects.toBeInstanceOf(
      InvalidMetadataDocumentError,
    )
    // Pinned through the service directly, as any Pinata client may.
    const loose = await fetch(`${server.url}/pinning/pinJSONToIPFS`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${clientConfig().pinningKey}` },
      body: JSON.stringify({ pinataContent: { type: '1.0', data: { title: 'no name' } } }),
    })
    const { IpfsHash } = (await loose.json()) as { IpfsHash: string }
    const read = await storage.get(IpfsHash)
    expect(read.parsedData).toBeNull()
    expect(read.rawData).toEqual({ type: '1.0', data: { title: 'no name' } })
    expect(read.error).toBeInstanceOf(InvalidMetadataDocumentError)
    expect(read.error?.message).toContain('data.name')
  })

  it('says the spec’s words: a wrong key, an unknown CID', async () => {
    // The client calls from this machine's own address, whose wrong keys every test file of a PostgreSQL run
    // counts together (the fuzzer's among them): past ten in 15 minutes they are answered 429. Start from none.
    const { db } = await sharedTestDatabase()
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
      await resetRateLimit(db, `pinning-key-failures:${address}`)
    }
    await expect(client({ pinningKey: 'not-the-key' }).pin(role)).rejects.toThrow(
      'Error: failed to pin data, error code: 401',
    )
    const unknown = await client().get('bafkreid7qoywk77r7rj3slobqfekdvs57qwuwh5d2z3sqsw52iabe3mqne')
    expect(unknown.error).toBeInstanceOf(StorageError)
    expect(unknown.error?.message).toBe('server returned with error code: 404')
  })
})
