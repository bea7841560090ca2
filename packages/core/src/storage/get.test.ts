import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StorageError } from '../errors/StorageError.ts'
import { hatsDocument as hatsFixture } from '../metadata/__fixtures__/hatsDocument.ts'
import { InvalidMetadataDocumentError } from '../metadata/InvalidMetadataDocumentError.ts'
import type { MetadataDocument } from '../metadata/MetadataDocument.ts'
import { type PinataLikeServer, refusedUrl, startPinataLikeServer } from './__fixtures__/pinataLikeServer.ts'
import { createStorageClient } from './createStorageClient.ts'
import type { StorageGetResult } from './StorageClient.ts'
import { storageDefaults } from './storageDefaults.ts'

// The client's read against a local server that answers as a Pinata gateway does: what it asks for, what it
// gives back, and each way a read fails, as the value a caller gets (a read never throws).

const pinningKey = 'eyJhbGciOiJIUzI1NiJ9.test-pinning-key'
const cid = 'bafkreid7qoywk77r7rj3slobqfekdvs57qwuwh5d2z3sqsw52iabe3mqne'
const document: MetadataDocument = {
  type: '1.0',
  data: { name: 'Treasurer', description: 'Keeps the books.' },
}
const hatsDocument = hatsFixture as MetadataDocument

let server: PinataLikeServer
const client = (options: { gateway?: string; gatewayKey?: string; timeoutMs?: number } = {}) =>
  createStorageClient({
    provider: 'pinata',
    pinata: {
      pinningKey,
      apiUrl: server.url,
      gateway: options.gateway ?? server.url,
      gatewayKey: options.gatewayKey,
    },
    timeoutMs: options.timeoutMs,
  })

/** Answers every request with `status`, these headers and this body. */
function answer(status: number, headers: Record<string, string>, body: string | Buffer) {
  server.answerWith((_, response) => {
    response.writeHead(status, headers).end(body)
    return true
  })
}

function storageError(result: StorageGetResult): StorageError {
  expect(result.parsedData).toBeNull()
  expect(result.rawData).toBeNull()
  expect(result.error).toBeInstanceOf(StorageError)
  return result.error as StorageError
}

beforeAll(async () => {
  server = await startPinataLikeServer({ pinningKey })
})
afterAll(() => server.close())
beforeEach(() => {
  server.answerWith(undefined)
  server.received.length = 0
})

describe('get, when the gateway serves a document', () => {
  it('gives the parsed document, no raw data and no error', async () => {
    const hash = await client().pin(document)
    const result = await client().get(hash)
    expect(result).toEqual({ parsedData: document, rawData: null, error: null })
  })

  it('asks GET {gateway}/ipfs/{hash}, and never shows the gateway the pinning key', async () => {
    const hash = await client().pin(document)
    server.received.length = 0
    await client().get(hash)
    expect(server.received).toHaveLength(1)
    expect(server.received[0]?.method).toBe('GET')
    expect(server.received[0]?.url).toBe(`/ipfs/${hash}`)
    expect(server.received[0]?.headers.authorization).toBeUndefined()
    expect(JSON.stringify(server.received[0]?.headers)).not.toContain(pinningKey)
  })

  it('sends the gateway key as the query parameter pinataGatewayToken, encoded', async () => {
    answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(document))
    await client({ gatewayKey: 'gw-key' }).get(cid)
    await client({ gatewayKey: 'a b&c=d' }).get(cid)
    expect(server.received.map((request) => request.url)).toEqual([
      `/ipfs/${cid}?pinataGatewayToken=gw-key`,
      `/ipfs/${cid}?pinataGatewayToken=a+b%26c%3Dd`,
    ])
  })

  it('keeps a gateway path and drops its trailing slashes', async () => {
    answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(document))
    await client({ gateway: `${server.url}/` }).get(cid)
    await client({ gateway: `${server.url}/mirror/` }).get(cid)
    expect(server.received.map((request) => request.url)).toEqual([`/ipfs/${cid}`, `/mirror/ipfs/${cid}`])
  })

  it('takes ipfs://{cid}, as the Hats Protocol app stores it on chain, and pasted blanks', async () => {
    answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(document))
    expect((await client().get(`ipfs://${cid}`)).parsedData).toEqual(document)
    expect((await client().get(`  IPFS://${cid}\n`)).parsedData).toEqual(document)
    expect(server.received.map((request) => request.url)).toEqual([`/ipfs/${cid}`, `/ipfs/${cid}`])
  })

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    ' application/json ',
  ])('takes the content type %j as JSON', async (type) => {
    answer(200, { 'Content-Type': type }, JSON.stringify(document))
    expect((await client().get(cid)).parsedData).toEqual(document)
  })

  it('keeps unknown keys and their order through a pin and a read, so a re-pin gives the same bytes', async () => {
    const hash = await client().pin(hatsDocument)
    const { parsedData } = await client().get(hash)
    expect(parsedData).toEqual(hatsDocument)
    expect(parsedData?.data.eligibility).toEqual(hatsDocument.data.eligibility)
    expect(JSON.stringify(parsedData)).toBe(JSON.stringify(hatsDocument))
    server.received.length = 0
    expect(await client().pin(parsedData as MetadataDocument)).toBe(hash)
    expect(server.received[0]?.body).toBe(JSON.stringify({ pinataContent: hatsDocument }))
  })

  it('keeps a __proto__ key as data, and pollutes no prototype', async () => {
    const body = '{"type":"1.0","data":{"name":"A","__proto__":{"polluted":true}},"__proto__":{"admin":true}}'
    answer(200, { 'Content-Type': 'application/json' }, body)
    const { parsedData } = await client().get(cid)
    expect(Object.hasOwn(parsedData ?? {}, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(parsedData)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(JSON.stringify(parsedData)).toBe(body)
  })

  it('reads with the schema it was given instead, when given one', async () => {
    const custom = createStorageClient({
      provider: 'pinata',
      pinata: { pinningKey, gateway: server.url },
      schema: z.looseObject({ title: z.string() }),
    })
    answer(200, { 'Content-Type': 'application/json' }, '{"title":"Charter","extra":1}')
    expect(await custom.get(cid)).toEqual({
      parsedData: { title: 'Charter', extra: 1 },
      rawData: null,
      error: null,
    })
    answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(document))
    const mismatch = await custom.get(cid)
    expect(mismatch.rawData).toEqual(document)
    expect(mismatch.error).toBeInstanceOf(InvalidMetadataDocumentError)
    expect((mismatch.error as InvalidMetadataDocumentError).issues.map((issue) => issue.path)).toEqual([
      'title',
    ])
  })
})

describe('get, when the content is JSON that does not match the schema', () => {
  it('gives the raw JSON instead of parsed data, and what does not match', async () => {
    const raw = { type: '1.0', data: { description: 'No name', responsibilities: [{ label: '' }] }, x: 1 }
    answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(raw))
    const result = await client().get(cid)
    expect(result.parsedData).toBeNull()
    expect(result.rawData).toEqual(raw)
    expect(result.error).toBeInstanceOf(InvalidMetadataDocumentError)
    expect((result.error as InvalidMetadataDocumentError).issues).toEqual([
      { path: 'data.name', message: 'required' },
      { path: 'data.responsibilities[0].label', message: 'must not be blank' },
    ])
    expect(result.error?.message).toBe(
      'data.name: required\n\nDetails: data.responsibilities[0].label: must not be blank',
    )
  })

  it.each([
    ['null', null],
    ['a list', [document]],
    ['a string', 'Treasurer'],
  ])('gives %s as raw data, as a document that is not an object', async (_, raw) => {
    answer(200, { 'Content-Type': 'application/json' }, JSON.stringify(raw))
    const result = await client().get(cid)
    expect(result.parsedData).toBeNull()
    expect(result.rawData).toEqual(raw)
    expect(result.error?.shortMessage).toBe('document: must be an object')
  })
})

describe('get, when the gateway answers with an error status', () => {
  it('says server returned with error code: 404 for a CID it does not have', async () => {
    const error = storageError(await client().get(cid))
    expect(error.message).toBe('server returned with error code: 404')
    expect(error.kind).toBe('fetch_status')
    expect(error.status).toBe(404)
  })

  it.each([400, 401, 403, 429, 500, 502, 504])('gives the code %i', async (status) => {
    // A body that would pass: only the status can make it fail.
    answer(status, { 'Content-Type': 'application/json' }, JSON.stringify(document))
    const error = storageError(await client({ gatewayKey: 'gw-key' }).get(cid))
    expect(error.message).toBe(`server returned with error code: ${status}`)
    expect(error.status).toBe(status)
  })
})

describe('get, when no answer comes', () => {
  it('says no response received when the connection is refused', async () => {
    const error = storageError(await client({ gateway: await refusedUrl() }).get(cid))
    expect(error.message).toBe('no response received')
    expect(error.kind).toBe('fetch_no_response')
    expect(error.status).toBeUndefined()
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('says no response received when the gateway never answers, after the timeout', async () => {
    server.answerWith(() => true)
    const started = Date.now()
    const error = storageError(await client({ timeoutMs: 200 }).get(cid))
    expect(error.message).toBe('no response received')
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('says no response received when the gateway sends its headers and never the whole body', async () => {
    server.answerWith((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).write('{"type":"1.0",')
      return true
    })
    const error = storageError(await client({ timeoutMs: 200 }).get(cid))
    expect(error.message).toBe('no response received')
  })

  it('says no response received when the gateway hangs up before answering', async () => {
    server.answerWith((_, response) => {
      response.socket?.destroy()
      return true
    })
    expect(storageError(await client().get(cid)).message).toBe('no response received')
  })
})

describe('get, when the content is not JSON', () => {
  it.each([
    'text/html; charset=utf-8',
    'text/plain',
    'application/octet-stream',
    'text/json',
    'application/jsonp',
    'application/ld+json',
  ])('says it expected a JSON object and got %s', async (type) => {
    answer(200, { 'Content-Type': type }, JSON.stringify(document))
    const error = storageError(await client().get(cid))
    expect(error.message).toBe(`Error: expecting a JSON object, but received data of type ${type}`)
    expect(error.kind).toBe('not_json')
  })

  it('says the type is none when the gateway sends no Content-Type', async () => {
    answer(200, {}, JSON.stringify(document))
    const error = storageError(await client().get(cid))
    expect(error.message).toBe('Error: expecting a JSON object, but received data of type none')
  })

  it('says the type is none when the Content-Type is empty', async () => {
    answer(200, { 'Content-Type': '' }, JSON.stringify(document))
    const error = storageError(await client().get(cid))
    expect(error.message).toBe('Error: expecting a JSON object, but received data of type none')
  })

  it('cuts a long content type short', async () => {
    answer(200, { 'Content-Type': `text/plain; x=${'a'.repeat(200)}` }, 'hello')
    const error = storageError(await client().get(cid))
    expect(error.message).toBe(
      `Error: expecting a JSON object, but received data of type text/plain; x=${'a'.repeat(86)}…`,
    )
  })
})

describe('get, when it fails any other way', () => {
  const unexpected = 'unexpected error when trying to get data: '

  it.each([
    ['HTML', '<html>502 Bad Gateway</html>'],
    ['an empty body', ''],
    ['cut-off JSON', '{"type":"1.0","data":{'],
  ])('says so when a JSON answer is %s', async (_, body) => {
    answer(200, { 'Content-Type': 'application/json' }, body)
    const error = storageError(await client().get(cid))
    expect(error.message).toBe(`${unexpected}the answer is not valid JSON`)
    expect(error.kind).toBe('fetch_unexpected')
  })

  it('says so when a JSON answer is not UTF-8', async () => {
    answer(200, { 'Content-Type': 'application/json' }, Buffer.from([0x22, 0xff, 0xfe, 0x22]))
    expect(storageError(await client().get(cid)).message).toBe(`${unexpected}the answer is not valid JSON`)
  })

  it('refuses an answer larger than 5 MiB by its Content-Length, before reading it', async () => {
    const body = JSON.stringify({ ...document, padding: 'x'.repeat(storageDefaults.maxDocumentBytes) })
    answer(
      200,
      { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      body,
    )
    expect(storageError(await client().get(cid)).message).toBe(
      `${unexpected}the answer is larger than 5242880 bytes`,
    )
  })

  it('refuses a chunked answer once it has read more than 5 MiB', async () => {
    server.answerWith((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      const chunk = 'x'.repeat(1024 * 1024)
      response.write('{"padding":"')
      for (let i = 0; i < 6; i++) response.write(chunk)
      response.end('"}')
      return true
    })
    const error = storageError(await client().get(cid))
    expect(error.message).toBe(`${unexpected}the answer is larger than 5242880 bytes`)
  })

  it('says so when the gateway hangs up in the middle of the body', async () => {
    server.answerWith((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).write('{"type":"1.0",')
      setTimeout(() => response.socket?.destroy(), 20)
      return true
    })
    const error = storageError(await client().get(cid))
    expect(error.kind).toBe('fetch_unexpected')
    expect(error.message.startsWith(unexpected)).toBe(true)
    expect(error.message.length).toBeGreaterThan(unexpected.length)
  })

  it.each([
    '',
    'Qm123',
    'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o/secret.json',
    `${cid}?pinataGatewayToken=stolen`,
    `https://ipfs.io/ipfs/${cid}`,
    `ipfs://${cid}/metadata.json`,
    `ipfs://ipfs/${cid}`,
    '../../api/health',
    'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5O0',
    'BAFKREID7QOYWK77R7RJ3SLOBQFEKDVS57QWUWH5D2Z3SQSW52IABE3MQNE',
  ])('refuses %j as no CID, and asks the gateway nothing', async (hash) => {
    const error = storageError(await client().get(hash))
    expect(error.message).toBe(
      `${unexpected}not an IPFS CID: give a CID (Qm… or b…) or ipfs:// followed by one`,
    )
    expect(server.received).toEqual([])
  })

  it('refuses a hash that is not a string, as a caller without types may pass', async () => {
    const error = storageError(await client().get(42 as never))
    expect(error.kind).toBe('fetch_unexpected')
    expect(server.received).toEqual([])
  })

  it('answers a status before it looks at the content type', async () => {
    answer(503, { 'Content-Type': 'text/html' }, '<h1>down</h1>')
    expect(storageError(await client().get(cid)).message).toBe('server returned with error code: 503')
  })
})
