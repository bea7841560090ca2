import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionLimits } from './server.ts'
import { startTestServer, type TestServer } from './testing/startTestServer.ts'

// One client holding connections open, as a slow-loris does: it gets its share, and everyone else is served.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** An idle connection from `localAddress` (127.0.0.x: all of 127/8 is this machine on Linux). */
function openFrom(localAddress: string): Promise<Socket> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress }, () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Whether the server closed `socket` within `ms`, with nothing sent on it. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(true)
    const timer = setTimeout(() => resolve(false), ms)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** A full request on a fresh connection from `localAddress`: the status line the server answered. */
async function healthFrom(localAddress: string): Promise<string> {
  const socket = await openFrom(localAddress)
  return new Promise((resolve, reject) => {
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''))
    socket.on('error', reject)
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
  })
}

describe('connections per client address', () => {
  it('ends the connections one address opens past its share, and serves another address meanwhile', async () => {
    const cap = connectionLimits.maxConnectionsPerAddress
    expect(cap).toBeLessThan(connectionLimits.maxConnections / 4)
    const hoarded: Socket[] = []
    try {
      for (let i = 0; i < cap; i++) hoarded.push(await openFrom('127.0.0.1'))
      // Its share is full: the next ones are closed at once, with nothing answered.
      const over = [await openFrom('127.0.0.1'), await openFrom('127.0.0.1')]
      hoarded.push(...over)
      for (const socket of over) expect(await closedWithin(socket, 2_000)).toBe(true)
      // Those within its share stay open.
      for (const socket of hoarded.slice(0, cap)) expect(socket.destroyed).toBe(false)

      // Another client is served as usual.
      expect(await healthFrom('127.0.0.2')).toBe('HTTP/1.1 200 OK')

      // A connection given back makes room again for the first.
      hoarded[0]?.destroy()
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await healthFrom('127.0.0.1')).toBe('HTTP/1.1 200 OK')
    } finally {
      for (const socket of hoarded) socket.destroy()
    }
  })
})
