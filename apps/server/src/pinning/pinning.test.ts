import { randomUUID } from 'node:crypto'
import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wrongSecretLimit } from '../http/wrongSecrets.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'
import { importDocument } from './importDocument.ts'
import { pinningKeyFileName } from './pinningKey.ts'

// Charter's own pinning service and gateway over HTTP, as a Pinata client and an IPFS gateway client use them,
// and as an attacker tries them. Behind a "proxy", so each caller's address is its own.

let server: TestServer
let key: string
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
  key = (await readFile(join(server.dataDir, pinningKeyFileName), 'utf8')).trim()
})
afterAll(() => server.close())

let counter = 1
/** A caller from an address of its own. */
const address = () => ({ 'x-forwarded-for': `203.0.113.${counter++ % 250}, 198.51.100.${counter % 250}` })

async function pinText(
  body: string,
  headers: Record<string, string> = { authorization: `Bearer ${key}` },
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${server.url}/pinning/pinJSONToIPFS`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...address(), ...headers },
    body,
  })
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  }
}

const pin = (content: unknown, options?: { cidVersion: 0 | 1 }, headers?: Record<string, string>) =>
  pinText(JSON.stringify({ pinataContent: content, ...(options && { pinataOptions: options }) }), headers)

const gateway = (cid: string, init: RequestInit & { query?: string } = {}) =>
  fetch(`${server.url}/ipfs/${cid}${init.query ?? ''}`, init)

const bytesOf = (text: string) => new TextEncoder().encode(text)

const role = {
  name: 'Treasurer',
  description: 'Keeps the books — and pays the bills. 🧾',
  responsibilities: [{ label: 'Monthly report', link: 'https://example.org/r' }],
  eligibility: '0xabc',
}

describe('POST /pinning/pinJSONToIPFS', () => {
  it('pins as Pinata does: the CID ipfs add gives JSON.stringify of the content, CIDv0 by default', async () => {
    // A document of this run's own: a PostgreSQL database kept between runs holds the pins of the runs before.
    const content = { ...role, description: `${role.description} (${randomUUID()})` }
    const answer = await pin(content)
    expect(answer.status).toBe(200)
    const expected = await importDocument(bytesOf(JSON.stringify(content)), 0)
    expect(answer.body).toEqual({
      IpfsHash: expected.cid,
      PinSize: expected.size,
      Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      isDuplicate: false,
    })
    expect(answer.body.IpfsHash).toMatch(/^Qm/)
    const again = await pin(content)
    expect(again.body).toEqual({ ...answer.body, isDuplicate: true })
  })

  it('gives CIDv1 with raw leaves when asked: a one-chunk document is the raw sha-256 of its bytes', async () => {
    const content = { ...role, name: 'Secretary' }
    const answer = await pin(content, { cidVersion: 1 })
    expect(answer.status).toBe(200)
    const bytes = bytesOf(JSON.stringify(content))
    expect(answer.body.IpfsHash).toBe(CID.createV1(0x55, await sha256.digest(bytes)).toString())
    expect(answer.body.PinSize).toBe(bytes.length)
  })

  it('pins a document above one chunk (256 KiB) as the importer splits it, and the gateway gives it back whole', async () => {
    const content = { name: 'Archivist', description: 'é'.repeat(150_000) }
    const bytes = bytesOf(JSON.stringify(content))
    expect(bytes.length).toBeGreaterThan(256 * 1024)
    for (const cidVersion of [0, 1] as const) {
      const answer = await pin(content, { cidVersion })
      expect(answer.status).toBe(200)
      const expected = await importDocument(bytes, cidVersion)
      expect(answer.body.IpfsHash).toBe(expected.cid)
      const read = await gateway(expected.cid)
      expect(new Uint8Array(await read.arrayBuffer())).toEqual(bytes)
      // Each leaf is served raw, its bytes hashing to its CID.
      for (const block of expected.blocks) {
        const raw = await gateway(block.cid, { query: '?format=raw' })
        expect(raw.status).toBe(200)
        expect(new Uint8Array(await raw.arrayBuffer())).toEqual(block.bytes)
      }
    }
  })

  it('keeps a __proto__ key and HTML in strings byte for byte', async () => {
    const content =
      '{"__proto__":{"isAdmin":true},"name":"<script>alert(1)</script>","description":"</title><img src=x onerror=alert(1)>","constructor":{"prototype":{"x":1}}}'
    const answer = await pinText(`{"pinataContent":${content}}`)
    expect(answer.status).toBe(200)
    expect(answer.body.IpfsHash).toBe((await importDocument(bytesOf(content), 0)).cid)
    const read = await gateway(answer.body.IpfsHash as string)
    expect(await read.text()).toBe(content)
    expect(read.headers.get('content-type')).toBe('application/json')
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })

  it('refuses a pin without a key, and with a wrong one, with 401', async () => {
    const without = await pin(role, undefined, {})
    expect(without.status).toBe(401)
    expect(without.body).toEqual({
      error: expect.stringContaining('Authorization: Bearer'),
      code: 'invalid_credentials',
    })
    const wrong = await pin(role, undefined, { authorization: `Bearer ${'0'.repeat(64)}` })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ error: 'The pinning key is not right.', code: 'invalid_credentials' })
    const basic = await pin(role, undefined, {
      authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}`,
    })
    expect(basic.status).toBe(401)
  })

  it('answers a flood of wrong keys from one address with 429, and still lets the right key through from there', async () => {
    await withTimeLeftInWindow(wrongSecretLimit.windowSeconds, 15_000)
    const from = address()
    const send = (authorization: string) => pin(role, undefined, { ...from, authorization })
    for (let attempt = 1; attempt <= wrongSecretLimit.limit; attempt++) {
      expect((await send(`Bearer guess-${attempt}-${'x'.repeat(30)}`)).status, `attempt ${attempt}`).toBe(401)
    }
    const throttled = await send(`Bearer guess-last-${'x'.repeat(30)}`)
    expect(throttled.status).toBe(429)
    expect(throttled.body.code).toBe('too_many_requests')
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    // The key's holder behind the same address is not locked out.
    const right = await send(`Bearer ${key}`)
    expect(right.status).toBe(200)
    // Another address is not slowed by this one's guesses.
    expect(
      (await pin(role, undefined, { authorization: 'Bearer wrong-elsewhere-0123456789abcdef' })).status,
    ).toBe(401)
    const logged = server.logs.filter((line) => line.includes('A wrong pinning key was sent'))
    expect(logged.length).toBeGreaterThanOrEqual(wrongSecretLimit.limit + 1)
    expect(logged.join('\n')).not.toContain('guess-')
  })

  it('refuses a document above PINNING_MAX_BYTES with 413, before any work, and a body far above it unread', async () => {
    const limit = 1024 * 1024
    // Exactly the limit passes; one byte more is refused.
    const filler = (size: number) => ({ d: 'x'.repeat(size - '{"d":""}'.length) })
    expect((await pin(filler(limit))).status).toBe(200)
    const over = await pin(filler(limit + 1))
    expect(over.status).toBe(413)
    expect(over.body).toEqual({
      error: expect.stringContaining(`at most ${limit} bytes`),
      code: 'payload_too_large',
    })
    const huge = await pin(filler(3 * limit))
    expect(huge.status).toBe(413)
    expect(huge.body.code).toBe('payload_too_large')
  })

  it('refuses a body that is not Pinata’s, naming the field', async () => {
    const missing = await pinText('{"pinataMetadata":{"name":"x"}}')
    expect(missing.status).toBe(400)
    expect(String(missing.body.error)).toContain('pinataContent')
    const version = await pin(role, { cidVersion: 2 as 1 })
    expect(version.status).toBe(400)
    expect(String(version.body.error)).toContain('cidVersion')
    expect((await pinText('{"pinataContent":')).status).toBe(400)
  })
})

describe('GET and HEAD /ipfs/{cid}', () => {
  it('serves the document with the gateway’s headers, its own sandbox policy winning over the app’s', async () => {
    const cid = (await pin(role)).body.IpfsHash as string
    const read = await gateway(cid)
    expect(read.status).toBe(200)
    expect(await read.text()).toBe(JSON.stringify(role))
    expect(
      Object.fromEntries(
        [
          'content-type',
          'x-content-type-options',
          'content-security-policy',
          'cache-control',
          'etag',
          'x-ipfs-path',
          'access-control-allow-origin',
          'cross-origin-resource-policy',
        ].map((name) => [name, read.headers.get(name)]),
      ),
    ).toEqual({
      'content-type': 'application/json',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=29030400, immutable',
      etag: `"${cid}"`,
      'x-ipfs-path': `/ipfs/${cid}`,
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    })
    // The rest of the house's headers stay.
    expect(read.headers.get('x-frame-options')).toBe('DENY')
    expect(read.headers.get('referrer-policy')).toBe('no-referrer')
    // The web app keeps its own policy.
    const page = await fetch(`${server.url}/`)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('answers HEAD with the same headers and no body', async () => {
    const cid = (await pin(role)).body.IpfsHash as string
    const head = await gateway(cid, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(`"${cid}"`)
    expect(head.headers.get('content-type')).toBe('application/json')
    expect(head.headers.get('content-length')).toBe(String(bytesOf(JSON.stringify(role)).length))
    expect(await head.text()).toBe('')
  })

  it('serves a CIDv1 document, and a CIDv0 one under its CIDv1 name too', async () => {
    const content = { ...role, name: 'Steward' }
    const v1 = (await pin(content, { cidVersion: 1 })).body.IpfsHash as string
    expect(await (await gateway(v1)).text()).toBe(JSON.stringify(content))
    const v0 = (await pin(content)).body.IpfsHash as string
    const sameDag = CID.parse(v0).toV1().toString()
    const read = await gateway(sameDag)
    expect(read.status).toBe(200)
    expect(await read.text()).toBe(JSON.stringify(content))
    expect(read.headers.get('x-ipfs-path')).toBe(`/ipfs/${sameDag}`)
  })

  it('serves the raw block with ?format=raw or Accept: application/vnd.ipld.raw: for CIDv0 the dag-pb bytes', async () => {
    const json = JSON.stringify(role)
    const v0 = (await pin(role)).body.IpfsHash as string
    for (const init of [{ query: '?format=raw' }, { headers: { accept: 'application/vnd.ipld.raw' } }]) {
      const raw = await gateway(v0, init)
      expect(raw.status).toBe(200)
      expect(raw.headers.get('content-type')).toBe('application/vnd.ipld.raw')
      expect(raw.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      const block = new Uint8Array(await raw.arrayBuffer())
      // A verifying client hashes the block and finds the CID; it is dag-pb, not the JSON itself.
      expect((await sha256.digest(block)).bytes).toEqual(CID.parse(v0).multihash.bytes)
      expect(new TextDecoder().decode(block)).not.toBe(json)
      expect(new TextDecoder().decode(block)).toContain(json)
    }
    const v1 = (await pin(role, { cidVersion: 1 })).body.IpfsHash as string
    const raw = await gateway(v1, { query: '?format=raw' })
    expect(await raw.text()).toBe(json)
  })

  it('answers 404 for a CID nothing is pinned under, and 400 for one that is not a CID', async () => {
    const unknown = CID.createV1(0x55, await sha256.digest(bytesOf('never pinned'))).toString()
    const missing = await gateway(unknown)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: expect.stringContaining(unknown), code: 'not_found' })
    expect((await gateway(unknown, { query: '?format=raw' })).status).toBe(404)
    for (const bad of [
      'not-a-cid',
      'Qm123',
      `b${'a'.repeat(300)}`,
      '%00',
      'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5O',
    ]) {
      const answer = await gateway(bad)
      expect(answer.status, bad).toBe(400)
      expect(((await answer.json()) as { code: string }).code, bad).toBe('invalid_cid')
    }
  })
})

describe('/api/health and the key file', () => {
  it('reports Charter’s own pinning service, never its key; the key file is the owner’s alone', async () => {
    const health = await fetch(`${server.url}/api/health`)
    const text = await health.text()
    expect(JSON.parse(text).parts.pinning).toEqual({
      status: 'ok',
      detail: "Charter's own pinning service and gateway",
      service: 'charter',
    })
    expect(text).not.toContain(key)
    expect(statSync(join(server.dataDir, pinningKeyFileName)).mode & 0o777).toBe(0o600)
    const pinning = server.parts.registry.get('pinning').adapter
    expect(pinning?.service).toBe('charter')
    expect(pinning?.gatewayUrl('QmCid')).toBe(`${server.url}/ipfs/QmCid`)
  })

  it('reports Pinata when PINATA_JWT is set, and its keys nowhere; PINNING_API_KEYS keys are taken', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.pinata-test-jwt.signature'
    const apiKey = 'a3f1c9e07b5d4e2f8a6c1b0d9e7f5a3c'
    const pinata = await startTestServer({
      env: { PINATA_JWT: jwt, PINATA_GATEWAY: 'https://example.mypinata.cloud/', PINNING_API_KEYS: apiKey },
    })
    try {
      const text = await (await fetch(`${pinata.url}/api/health`)).text()
      expect(JSON.parse(text).parts.pinning).toEqual({ status: 'ok', detail: 'Pinata', service: 'pinata' })
      expect(text).not.toContain(jwt)
      const pinning = pinata.parts.registry.get('pinning').adapter
      expect(pinning?.service).toBe('pinata')
      expect(pinning?.gatewayUrl('QmCid')).toBe('https://example.mypinata.cloud/ipfs/QmCid')
      // Charter's own service still runs beside it, for its keys.
      const answer = await fetch(`${pinata.url}/pinning/pinJSONToIPFS`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ pinataContent: role }),
      })
      expect(answer.status).toBe(200)
    } finally {
      await pinata.close()
    }
  })
})
