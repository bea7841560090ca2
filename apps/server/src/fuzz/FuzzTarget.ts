import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SignInLimits } from '../auth/AuthService.ts'
import { pinningKeyFileName } from '../pinning/pinningKey.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { fuzzAppId } from './fuzzAppId.ts'
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
  /** What Charter's own pinning service answers to, as the person who started the server has it (DATA_DIR). */
  pinningKey: string
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
  passkeySignInsPerClient: unlimited,
}

const appSecret = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a5968778695a4b3c2d1e0f'

/**
 * A built web app of two files, so that the fuzz suite reaches the web app's real serving (static files, and
 * index.html for any other path) whether or not `npm run build` ran.
 */
async function builtWebApp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'charter-fuzz-web-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Charter</title><div id="root"></div>\n')
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log("Charter")\n')
  for (const page of ['wallet-frame.html', 'wallet-export.html']) {
    await writeFile(join(dir, page), '<!doctype html><meta name="charter-frame"><title>Charter</title>\n')
  }
  return dir
}

/**
 * The real server on its embedded defaults, as every server test starts it, with its server API on and a built
 * web app: every route the fuzz suite drives is there. Closing it removes the web app's folder too.
 */
export async function startFuzzServer(): Promise<TestServer> {
  const webDist = await builtWebApp()
  const server = await startTestServer({
    signInLimits: fuzzSignInLimits,
    env: { APP_ID: fuzzAppId, APP_SECRET: appSecret, LOCAL_CHAINS: 'on' },
    webDist,
  })
  return {
    ...server,
    close: async () => {
      await server.close()
      await rm(webDist, { recursive: true, force: true })
    },
  }
}

/** The fuzz suite's server (`startFuzzServer`), with a second member and the facts its cases need. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const server = await startFuzzServer()
  const other = new Member(server.url, { deviceKey: false })
  await other.session()
  // The app id signed wallet requests send, as the browser learns it.
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { appId: string }
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const close = async () => {
    agent.destroy()
    await server.close()
  }
  const outboxToken = server.parts.registry.get('devOutbox')?.token.value ?? ''
  return {
    url: server.url,
    logs: server.logs,
    appId: health.appId,
    appSecret,
    outboxToken,
    pinningKey: (await readFile(join(server.dataDir, pinningKeyFileName), 'utf8')).trim(),
    agent,
    other,
    close,
  }
}
