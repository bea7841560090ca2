import { generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { authorizationPayload } from '@charter/core'
import { bytesToHex } from 'viem'
import { signMessage } from 'viem/accounts'
import { spawnServer } from './spawnServer.ts'

export type SignStats = { p50: number; p99: number; perSecond: number }

function stats(latencies: number[], wallMs: number): SignStats {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99), perSecond: (latencies.length / wallMs) * 1000 }
}

/**
 * The floor: what one `personal_sign` costs at the least, in-process: the secp256k1 signature itself plus
 * verifying one P-256 authorization signature over a payload of the same size.
 */
export async function signFloor(runs: number): Promise<SignStats> {
  const privateKeyHex = bytesToHex(randomBytes(32))
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const payload = authorizationPayload({
    method: 'POST',
    url: 'http://127.0.0.1:3000/api/v1/wallets/00000000-0000-0000-0000-000000000000/rpc',
    body: { method: 'personal_sign', params: { message: 'Hello from Charter', encoding: 'utf-8' } },
    headers: { 'privy-app-id': 'charter-local' },
  })
  const signature = sign('sha256', payload, { key: privateKey, dsaEncoding: 'der' })
  const latencies: number[] = []
  const started = performance.now()
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, signature)
    await signMessage({ message: `Hello from Charter ${i}`, privateKey: privateKeyHex })
    latencies.push(performance.now() - t)
  }
  return stats(latencies, performance.now() - started)
}

/**
 * `personal_sign` through the HTTP API on the embedded defaults, signed by a session key like the browser's,
 * with `concurrency` callers each sending requests one after another. The server runs in its own process, as
 * `npm start` runs it, so the callers' own work does not count against it.
 */
export async function measurePersonalSign(
  repoRoot: string,
  concurrency: number,
  total: number,
): Promise<SignStats> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-'))
  const server = await spawnServer(repoRoot, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CODES_PER_CLIENT_PER_HOUR: '1000',
  })
  try {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const email = `bench-${Date.now()}@example.org`
    await post('/api/v1/passwordless/init', { email })
    const outbox = (await (
      await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      messages: { body: string }[]
    }
    const code = outbox.messages[0]?.body.match(/\b(\d{6})\b/)?.[1]
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const authorizationKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
    const signedIn = await post('/api/v1/passwordless/authenticate', {
      email,
      code,
      authorization_key: authorizationKey,
    })
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const user = (
      (await signedIn.json()) as { user: { linked_accounts: { chain_type?: string; id: string }[] } }
    ).user
    const wallet = user.linked_accounts.find((account) => account.chain_type === 'ethereum')
    // Signed requests must expire within 30 minutes; the run takes well under that.
    const expiry = String(Date.now() + 25 * 60_000)
    const path = `/api/v1/wallets/${wallet?.id}/rpc`
    // Every request is built and signed before the clock starts: the callers share this machine's two
    // cores with the server, and their P-256 signing is not the server's cost.
    const requests = Array.from({ length: total + 20 }, (_, i) => {
      const body = {
        method: 'personal_sign',
        params: { message: `Hello from Charter ${i}`, encoding: 'utf-8' },
      }
      const payload = authorizationPayload({
        method: 'POST',
        url: `${server.url}${path}`,
        body,
        headers: { 'privy-app-id': 'charter-local', 'privy-request-expiry': expiry },
      })
      return {
        body: JSON.stringify(body),
        signature: sign('sha256', payload, { key: privateKey, dsaEncoding: 'der' }).toString('base64'),
      }
    })
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
    const { port } = new URL(server.url)
    const once = (i: number) =>
      new Promise<number>((resolve, reject) => {
        const prepared = requests[i]
        if (!prepared) return reject(new Error('no request prepared'))
        const t = performance.now()
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              cookie,
              'privy-app-id': 'charter-local',
              'privy-request-expiry': expiry,
              'privy-authorization-signature': prepared.signature,
            },
          },
          (response) => {
            response.resume()
            response.on('end', () =>
              response.statusCode === 200
                ? resolve(performance.now() - t)
                : reject(new Error(`personal_sign answered ${response.statusCode}`)),
            )
          },
        )
        request.on('error', reject)
        request.end(prepared.body)
      })
    for (let i = 0; i < 20; i++) await once(total + i)
    const latencies: number[] = []
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next
          next += 1
          latencies.push(await once(i))
        }
      }),
    )
    agent.destroy()
    return stats(latencies, performance.now() - started)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
