import { Agent } from 'node:http'
import type { SignInLimits } from '../auth/AuthService.ts'
import { startTestServer } from '../testing/startTestServer.ts'
import { Member } from './Member.ts'

/** The running server the fuzz suite sends its cases to. */
export type FuzzTarget = {
  url: string
  /** The server's log lines, read for the error behind a 5xx. */
  logs: string[]
  appId: string
  /** The server API's password (APP_SECRET), which the app's own server sends with the app id. */
  appSecret: string
  /** What the dev outbox answers to, as the person who started the server has it. */
  outboxToken: string
  /** Keeps one connection open across cases, as a browser would. */
  agent: Agent
  /** Another member, whose wallet and session ids the fuzz member tries to use. */
  other: Member
  close: () => Promise<void>
}

const unlimited = { limit: 100_000_000, windowSeconds: 3600 }

/** Throttling out of the way for tens of thousands of codes asked for and tried from one address. */
const fuzzSignInLimits: SignInLimits = {
  perDestination: [{ limit: 100_000_000, windowSeconds: 30 }],
  sendsPerClient: unlimited,
  triesPerClient: unlimited,
  perAddressCap: unlimited,
}

const appSecret = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a5968778695a4b3c2d1e0f'

/** The real server on its embedded defaults, as every server test starts it, with its server API on. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const server = await startTestServer({ signInLimits: fuzzSignInLimits, env: { APP_SECRET: appSecret } })
  const other = new Member(server.url, { deviceKey: false })
  await other.session()
  // The app id signed wallet requests send, as the browser learns it.
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { appId: string }
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const close = async () => {
    agent.destroy()
    await server.close()
  }
  const outboxToken = server.parts.outboxToken?.value ?? ''
  return {
    url: server.url,
    logs: server.logs,
    appId: health.appId,
    appSecret,
    outboxToken,
    agent,
    other,
    close,
  }
}
