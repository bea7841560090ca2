import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const tooLarge = { error: 'The request body is too large (64 KB at most).', code: 'invalid_data' }

/** A body sent in chunks, with no Content-Length: `Transfer-Encoding: chunked`. */
const chunked = (parts: string[]) => {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part))
      controller.close()
    },
  })
}

/** One request written to the socket as given, and what the server answered first (status line, headers, body). */
function rawRequest(head: string, body: string): Promise<string> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head)
      socket.write(body)
    })
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => {
      answer += data
      // The first answer is whole once its JSON body closed.
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.destroy()
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('the body limit', () => {
  it('refuses a body whose Content-Length is over 64 KB, before reading it', async () => {
    const response = await fetch(`${server.url}/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), filler: 'x'.repeat(100 * 1024) }),
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.json()).toEqual(tooLarge)
  })

  it('refuses a chunked body the moment it passes 64 KB', async () => {
    const response = await fetch(`${server.url}/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked([`{"email":"${uniqueEmail()}","filler":"`, ...Array(80).fill('x'.repeat(1024)), '"}']),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual(tooLarge)
  })

  it('takes a chunked body within the limit as any other', async () => {
    const email = uniqueEmail()
    const response = await fetch(`${server.url}/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(['{"email":', `"${email}"`, '}']),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { success: boolean }).success).toBe(true)
  })

  it('reads no more than a lying Content-Length says: the rest is never the body', async () => {
    const email = uniqueEmail()
    const body = `{"email":"${email}","filler":"${'x'.repeat(100 * 1024)}"}`
    const { host } = new URL(server.url)
    // It says 20 bytes and sends 100 KB: the body is the first 20 bytes (not JSON), and what follows is no
    // request Node can parse, so the connection is refused and closed; nothing was sent a code.
    const answer = await rawRequest(
      `POST /api/v1/passwordless/init HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n`,
      body,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).not.toContain('"success":true')
    expect(await new ApiClient(server.url).outbox(email)).toEqual([])
  })

  it('refuses a Content-Length over the limit at once, without waiting for a body that never comes', async () => {
    const { host } = new URL(server.url)
    const answer = await rawRequest(
      `POST /api/v1/passwordless/init HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024}\r\n\r\n`,
      '{"email":',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toContain(JSON.stringify(tooLarge))
  })
})
