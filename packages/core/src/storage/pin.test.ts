import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StorageError } from '../errors/StorageError.ts'
import { hatsDocument as hatsFixture } from '../metadata/__fixtures__/hatsDocument.ts'
import { InvalidMetadataDocumentError } from '../metadata/InvalidMetadataDocumentError.ts'
import type { MetadataDocument } from '../metadata/MetadataDocument.ts'
import {
  type PinataLikeServer,
  refusedUrl,
  sendJson,
  startPinataLikeServer,
} from './__fixtures__/pinataLikeServer.ts'
import { createStorageClient } from './createStorageClient.ts'

// The client's pin against a local server that answers as Pinata does: what it sends, what it gives back,
// and each way a pin fails, with the exact texts a caller sees.

const pinningKey = 'eyJhbGciOiJIUzI1NiJ9.test-pinning-key'
const document: MetadataDocument = {
  type: '1.0',
  data: {
    name: 'Treasurer',
    responsibilities: [{ label: 'Monthly report' }],
    authorities: [{ label: 'Safe signer', gate: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }],
  },
}

const hatsDocument = hatsFixture as MetadataDocument

let server: PinataLikeServer
const client = (options: { apiUrl?: string; timeoutMs?: number } = {}) =>
  createStorageClient({
    provider: 'pinata',
    pinata: { pinningKey, apiUrl: options.apiUrl ?? server.url, gateway: server.url },
    timeoutMs: options.timeoutMs,
  })

async function pinFailure(pin: Promise<string>): Promise<StorageError> {
  const error = await pin.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (error instanceof StorageError) return error
  throw new Error(`expected a StorageError, got ${String(error)}`)
}

beforeAll(async () => {
  server = await startPinataLikeServer({ pinningKey })
})
afterAll(() => server.close())
beforeEach(() => {
  server.answerWith(undefined)
  server.received.length = 0
})

describe('pin, when the service answers 200', () => {
  it('gives the IpfsHash of the answer', async () => {
    const hash = await client().pin(document)
    expect(hash).toMatch(/^Qm/)
    expect(server.pinned.get(hash)).toBe(JSON.stringify(document))
  })

  it('posts {pinataContent} as JSON to {apiUrl}/pinning/pinJSONToIPFS with the bearer key', async () => {
    await client().pin(document)
    expect(server.received).toHaveLength(1)
    const [request] = server.received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/pinning/pinJSONToIPFS')
    expect(request?.headers.authorization).toBe(`Bearer ${pinningKey}`)
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.body).toBe(JSON.stringify({ pinataContent: document }))
  })

  it.each([0, 1] as const)('asks for CID version %i in pinataOptions when told to', async (cidVersion) => {
    const hash = await client().pin(document, { cidVersion })
    expect(server.received[0]?.body).toBe(
      JSON.stringify({ pinataContent: document, pinataOptions: { cidVersion } }),
    )
    expect(hash).toMatch(cidVersion === 1 ? /^bafkrei[a-z2-7]{52}$/ : /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/)
  })

  it('keeps a base URL path and drops its trailing slashes', async () => {
    server.answerWith((request, response) => {
      if (request.url !== '/charter/pinning/pinJSONToIPFS') return false
      sendJson(response, 200, { IpfsHash: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o' })
      return true
    })
    const hash = await client({ apiUrl: `${server.url}/charter//` }).pin(document)
    expect(hash).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')
    expect(server.received[0]?.url).toBe('/charter/pinning/pinJSONToIPFS')
  })

  it('sends a Hats Protocol document whole, unknown keys and their order included', async () => {
    const hash = await client().pin(hatsDocument)
    expect(server.received[0]?.body).toBe(JSON.stringify({ pinataContent: hatsDocument }))
    expect(server.pinned.get(hash)).toBe(JSON.stringify(hatsDocument))
  })
})

describe('pin, when the document does not match the schema', () => {
  it('throws the validation error, naming each wrong field by its path, and sends nothing', async () => {
    const invalid = { type: '2.0', data: { name: ' ', responsibilities: [{ label: 'Ok' }, { link: 7 }] } }
    const error = await client()
      .pin(invalid as unknown as MetadataDocument)
      .catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(InvalidMetadataDocumentError)
    const { issues, shortMessage, code } = error as InvalidMetadataDocumentError
    expect(shortMessage).toBe("type: must be '1.0'")
    expect(code).toBe('invalid_metadata_document')
    expect(issues).toEqual([
      { path: 'type', message: "must be '1.0'" },
      { path: 'data.name', message: 'must not be blank' },
      { path: 'data.responsibilities[1].label', message: 'required' },
      { path: 'data.responsibilities[1].link', message: 'must be a string' },
    ])
    expect(server.received).toEqual([])
  })

  it('checks against the schema it was given instead, when given one', async () => {
    const custom = createStorageClient({
      provider: 'pinata',
      pinata: { pinningKey, apiUrl: server.url },
      schema: z.object({ title: z.string() }),
    })
    await expect(custom.pin({ title: 'Charter' })).resolves.toMatch(/^Qm/)
    expect(server.received[0]?.body).toBe('{"pinataContent":{"title":"Charter"}}')
    const error = await custom.pin({ title: 3 } as never).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(InvalidMetadataDocumentError)
    expect((error as InvalidMetadataDocumentError).issues.map((issue) => issue.path)).toEqual(['title'])
    expect(server.received).toHaveLength(1)
  })
})

describe('pin, when the service answers anything but 200', () => {
  it('says Error: failed to pin data, error code: 401 for a key the service refuses', async () => {
    const wrongKey = createStorageClient({
      provider: 'pinata',
      pinata: { pinningKey: 'not-the-key', apiUrl: server.url },
    })
    const error = await pinFailure(wrongKey.pin(document))
    expect(error.message).toBe('Error: failed to pin data, error code: 401')
    expect(error.kind).toBe('pin_status')
    expect(error.status).toBe(401)
    expect(server.received[0]?.headers.authorization).toBe('Bearer not-the-key')
  })

  it.each([201, 204, 301, 404, 413, 429, 500, 503])(
    'counts %i as a failure, giving its code',
    async (status) => {
      server.answerWith((_, response) => {
        // A body that would pass, so only the status can make it fail.
        sendJson(response, status, { IpfsHash: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o' })
        return true
      })
      const error = await pinFailure(client().pin(document))
      expect(error.message).toBe(`Error: failed to pin data, error code: ${status}`)
      expect(error.status).toBe(status)
    },
  )
})

describe('pin, when it fails any other way', () => {
  const unexpected = 'Error: unexpected error when trying to pin data, error message: '

  it('says why when the connection is refused', async () => {
    const url = await refusedUrl()
    const error = await pinFailure(client({ apiUrl: url }).pin(document))
    expect(error.kind).toBe('pin_unexpected')
    expect(error.status).toBeUndefined()
    expect(error.message).toBe(
      `${unexpected}fetch failed: connect ECONNREFUSED ${url.slice('http://'.length)}`,
    )
  })

  it('gives up when the service never answers', async () => {
    server.answerWith(() => true)
    const started = Date.now()
    const error = await pinFailure(client({ timeoutMs: 200 }).pin(document))
    expect(error.message).toBe(`${unexpected}no answer within 200 ms`)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('gives up when the service sends its headers and then nothing', async () => {
    server.answerWith((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).write('{"IpfsHash":')
      return true
    })
    const error = await pinFailure(client({ timeoutMs: 200 }).pin(document))
    expect(error.message).toBe(`${unexpected}no answer within 200 ms`)
  })

  it('says so when a 200 is not JSON', async () => {
    server.answerWith((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Welcome to nginx!</h1>')
      return true
    })
    const error = await pinFailure(client().pin(document))
    expect(error.message).toBe(`${unexpected}the answer is not valid JSON`)
  })

  it.each([
    ['no IpfsHash', { PinSize: 10 }],
    ['an IpfsHash that is not a string', { IpfsHash: 42 }],
    ['an IpfsHash that is not a CID', { IpfsHash: '../../api/admin' }],
    [
      'an IpfsHash with a path after the CID',
      { IpfsHash: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o/x' },
    ],
    ['JSON that is not an object', ['QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o']],
    ['null', null],
  ])('says so when a 200 has %s', async (_, body) => {
    server.answerWith((__, response) => {
      sendJson(response, 200, body)
      return true
    })
    const error = await pinFailure(client().pin(document))
    expect(error.message).toBe(`${unexpected}the answer has no IpfsHash that is a CID`)
  })

  it('reads no more than 64 KiB of an answer', async () => {
    server.answerWith((_, response) => {
      sendJson(response, 200, {
        IpfsHash: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
        padding: 'x'.repeat(70_000),
      })
      return true
    })
    const error = await pinFailure(client().pin(document))
    expect(error.message).toBe(`${unexpected}the answer is larger than 65536 bytes`)
  })

  it('refuses a CID version other than 0 or 1 before sending anything', async () => {
    const error = await pinFailure(client().pin(document, { cidVersion: 2 as never }))
    expect(error.message).toBe(`${unexpected}cidVersion must be 0 or 1`)
    expect(server.received).toEqual([])
  })

  it('says so when a key the schema lets through cannot be written as JSON', async () => {
    const withBigInt = { ...document, supply: 10n } as MetadataDocument
    const error = await pinFailure(client().pin(withBigInt))
    expect(error.message).toMatch(
      new RegExp(`^${unexpected}the document cannot be written as JSON \\(.*BigInt.*\\)$`),
    )
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(server.received).toEqual([])
  })
})
