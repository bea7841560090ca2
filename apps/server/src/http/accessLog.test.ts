import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'

// What the server writes to its log, as an attacker shapes the request: one request is one line, and a client
// that hangs up is not a server fault.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const forged = '2026-01-01T00:00:00.000Z ERROR forged'

/** Sends `head` (and `body`, if any) on a raw socket, then closes it after `wait` ms without reading on. */
function sendRaw(head: string, body = '', wait = 100): Promise<string> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(head + body)
      setTimeout(() => socket.destroy(), wait)
    })
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** The log lines written while `act` ran. */
async function logsOf(act: () => Promise<unknown>): Promise<string[]> {
  const from = server.logs.length
  await act()
  // The access line is written as the answer goes out; give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 100))
  return server.logs.slice(from)
}

describe('control characters in what is logged', () => {
  it.each([
    ['a newline', `/x%0A${encodeURIComponent(forged)}`],
    ['a carriage return', `/x%0D${encodeURIComponent(forged)}`],
    ['a terminal escape', '/x%1B%5B2J%1B%5BH'],
    ['a Unicode line separator', `/x%E2%80%A8${encodeURIComponent(forged)}`],
    ['a right-to-left override', '/x%E2%80%AEgol.exe'],
  ])('writes a path with %s as one escaped line', async (_, path) => {
    const lines = await logsOf(() => fetch(`${server.url}${path}`))
    const access = lines.find((line) => line.includes(' GET /x'))
    expect(access, lines.join('\n')).toBeDefined()
    for (const line of lines) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there.
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/)
      expect(line.startsWith(forged)).toBe(false)
    }
    expect(access).toMatch(/\\u00(0a|0d|1b)|\\u2028|\\u202e/)
  })
})

describe('a client that hangs up mid-request', () => {
  it('is logged as 499 client closed, not as an unhandled 500', async () => {
    const lines = await logsOf(() =>
      sendRaw(
        'POST /api/v1/passwordless/init HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        '{"email":"half',
      ),
    )
    const text = lines.join('\n')
    expect(text).toContain('POST /api/v1/passwordless/init 499 (client closed the connection)')
    expect(text).toContain('The client closed the connection before its request was read')
    expect(text).not.toContain('Unhandled error')
    expect(text).not.toContain(' 500 ')
    expect(lines.some((line) => line.includes(' ERROR '))).toBe(false)
  })

  it('leaves the server answering the next request', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })
})
