import { createServer } from 'node:net'

/**
 * A loopback port nobody listens on right now, as the OS hands one out for port 0. anvil does not report the port
 * it bound, so Charter asks the OS first and passes the number on; if another process takes it in between, anvil
 * exits with "Address already in use" and the caller tries another.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : undefined
      server.close(() => (port ? resolvePort(port) : reject(new Error('no port was assigned'))))
    })
  })
}
