import { generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { authorizationPayload } from '@charter/core'
import { newAppId } from '../apps/server/src/settings/appId.ts'
import { signMessageNatively } from '../apps/server/src/wallets/secp256k1Signer.ts'
import { signInWithDeviceKey } from './benchMember.ts'
import { signedFloorPath } from './floorApp.ts'
import { type Batch, inTurns, timeBatch } from './rounds.ts'
import { spawnServer } from './spawnServer.ts'

/** How one concurrency is measured: `rounds` rounds of `perRound` requests to the floor, then to the figure. */
export type SignPlan = { concurrency: number; rounds: number; perRound: number }

/** Each round's batch of the figure and of both floors, in the order they ran. */
export type SignRounds = { inProcess: Batch[]; httpFloor: Batch[]; figure: Batch[] }

const message = (i: number) => `Hello from Charter ${i}`

/**
 * The in-process floor: what one `personal_sign` costs at the least, with no HTTP: the secp256k1 signature
 * itself, by the same native signer the server uses (libsecp256k1), plus verifying one P-256 authorization
 * signature over a payload of the same size.
 */
function inProcessFloor() {
  // 32 random bytes are a valid secp256k1 key but for odds of about 2^-128.
  const walletKey = randomBytes(32)
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const payload = authorizationPayload({
    method: 'POST',
    url: 'http://127.0.0.1:3000/api/v1/wallets/00000000-0000-0000-0000-000000000000/rpc',
    body: { method: 'personal_sign', params: { message: message(0), encoding: 'utf-8' } },
    headers: { 'privy-app-id': newAppId() },
  })
  const signature = sign('sha256', payload, { key: privateKey, dsaEncoding: 'der' })
  return (runs: number) =>
    timeBatch(runs, 1, async (i) => {
      const t = performance.now()
      verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, signature)
      signMessageNatively(message(i), walletKey)
      return performance.now() - t
    })
}

/**
 * The browser's way of calling a wallet route: a JSON body signed with the session's P-256 device key, the
 * session cookie, one keep-alive agent. Every request is built and signed before the clock starts: the callers
 * share this machine's two cores with the server, and their signing is not the server's cost.
 */
export function signedCaller(options: {
  baseUrl: string
  path: string
  appId: string
  cookie: string
  deviceKey: KeyObject
  agent: Agent
  /** The body of the request numbered `i`: `personal_sign` of a message of its own unless told. */
  body?: (i: number) => unknown
}) {
  const bodyOf =
    options.body ??
    ((i: number) => ({ method: 'personal_sign', params: { message: message(i), encoding: 'utf-8' } }))
  const { port } = new URL(options.baseUrl)
  let sent = 0
  const prepare = (count: number) => {
    // Signed requests must expire within 30 minutes; a batch takes seconds.
    const expiry = String(Date.now() + 25 * 60_000)
    return Array.from({ length: count }, () => {
      sent += 1
      const body = bodyOf(sent)
      const payload = authorizationPayload({
        method: 'POST',
        url: `${options.baseUrl}${options.path}`,
        body,
        headers: { 'privy-app-id': options.appId, 'privy-request-expiry': expiry },
      })
      return {
        body: JSON.stringify(body),
        expiry,
        signature: sign('sha256', payload, { key: options.deviceKey, dsaEncoding: 'der' }).toString('base64'),
      }
    })
  }
  const send = (prepared: { body: string; expiry: string; signature: string }) =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now()
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: options.path,
          method: 'POST',
          agent: options.agent,
          headers: {
            'content-type': 'application/json',
            cookie: options.cookie,
            'privy-app-id': options.appId,
            'privy-request-expiry': prepared.expiry,
            'privy-authorization-signature': prepared.signature,
          },
        },
        (response) => {
          response.resume()
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(performance.now() - t)
              : reject(new Error(`${options.path} answered ${response.statusCode}`)),
          )
        },
      )
      request.on('error', reject)
      request.end(prepared.body)
    })
  return (count: number, concurrency: number): Promise<Batch> => {
    const requests = prepare(count)
    return timeBatch(count, concurrency, (i) => {
      const prepared = requests[i]
      return prepared ? send(prepared) : Promise.reject(new Error('no request prepared'))
    })
  }
}

/**
 * `personal_sign` through the HTTP API on the embedded defaults, signed by a session key like the browser's,
 * with `concurrency` callers each sending requests one after another; beside it, in turns, the HTTP floor (the
 * same request, middleware and client to a route that answers a constant) and the in-process floor. The server
 * runs in its own process, as `npm start` runs it, and is warmed first (`warmUp` requests to each route).
 */
export async function measurePersonalSign(
  repoRoot: string,
  plans: SignPlan[],
  { warmUp = 3000, inProcessPerRound = 100 } = {},
): Promise<(SignPlan & SignRounds)[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-'))
  const server = await spawnServer(repoRoot, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CODES_PER_CLIENT_PER_HOUR: '1000',
  })
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...plans.map((plan) => plan.concurrency)) })
  try {
    const { cookie, deviceKey, walletId } = await signInWithDeviceKey(server.url, dataDir)
    const figure = signedCaller({
      baseUrl: server.url,
      path: `/api/v1/wallets/${walletId}/rpc`,
      appId: server.appId,
      cookie,
      deviceKey,
      agent,
    })
    const httpFloor = signedCaller({
      baseUrl: server.floorUrl,
      path: signedFloorPath(walletId),
      appId: server.appId,
      cookie,
      deviceKey,
      agent,
    })
    const inProcess = inProcessFloor()
    const warmConcurrency = Math.max(...plans.map((plan) => plan.concurrency))
    await httpFloor(warmUp, warmConcurrency)
    await figure(warmUp, warmConcurrency)
    await inProcess(inProcessPerRound * 5)

    const measured: (SignPlan & SignRounds)[] = []
    for (const plan of plans) {
      const rounds = await inTurns(plan.rounds, {
        inProcess: () => inProcess(inProcessPerRound),
        httpFloor: () => httpFloor(plan.perRound, plan.concurrency),
        figure: () => figure(plan.perRound, plan.concurrency),
      })
      measured.push({ ...plan, ...rounds })
    }
    return measured
  } finally {
    agent.destroy()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
