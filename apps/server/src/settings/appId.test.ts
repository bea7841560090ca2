import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startServerProcess, stopServerProcesses } from '../testing/serverProcess.ts'
import { startTestServer } from '../testing/startTestServer.ts'
import { newAppId } from './appId.ts'
import { SettingsError } from './env.ts'

// The app id a server without APP_ID makes for itself: generated once into DATA_DIR/app-id, read back on every
// start, and the one every client is told and every access token carries.

const privyShape = /^c[a-z0-9]{24}$/

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'charter-app-id-'))
})
afterAll(async () => {
  await stopServerProcesses()
  await rm(dataDir, { recursive: true, force: true })
})

const healthOf = async (url: string) => (await (await fetch(`${url}/api/health`)).json()) as { appId: string }

describe('newAppId', () => {
  it("makes ids in Privy's shape, never the same twice", () => {
    const ids = Array.from({ length: 2000 }, newAppId)
    for (const id of ids) expect(id).toMatch(privyShape)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('a server without APP_ID', () => {
  it('generates its app id into DATA_DIR/app-id (0600), names it in health, and puts it in access tokens', async () => {
    const server = await startTestServer({ dataDir })
    try {
      const { appId } = await healthOf(server.url)
      expect(appId).toMatch(privyShape)
      const file = join(dataDir, 'app-id')
      expect(await readFile(file, 'utf8')).toBe(`${appId}\n`)
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect(server.logs.join('\n')).toContain(`Generated the app id ${appId} in ${file}`)

      const signedIn = await new ApiClient(server.url).signInByPhone(uniquePhoneNumber())
      expect(signedIn.status).toBe(200)
      expect(decodeJwt(signedIn.body.token).aud).toBe(appId)
      expect((await new ApiClient(server.url).get(`/api/v1/apps/${appId}`)).body.id).toBe(appId)
    } finally {
      await server.close()
    }
  })

  it('keeps the same id from one start to the next, and says nothing of it again', async () => {
    const kept = (await readFile(join(dataDir, 'app-id'), 'utf8')).trim()
    const server = await startTestServer({ dataDir })
    try {
      expect((await healthOf(server.url)).appId).toBe(kept)
      expect(server.logs.join('\n')).not.toContain('Generated the app id')
    } finally {
      await server.close()
    }
  })

  it('refuses to start on an app-id file that holds no app id, naming it, rather than make a new id', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'charter-app-id-bad-'))
    try {
      await writeFile(join(folder, 'app-id'), 'garbage\n', { mode: 0o600 })
      const start = startTestServer({ dataDir: folder })
      await expect(start).rejects.toThrow(SettingsError)
      await expect(start).rejects.toThrow(`${join(folder, 'app-id')} does not hold an app id`)
      expect(await readFile(join(folder, 'app-id'), 'utf8')).toBe('garbage\n')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('a server with APP_ID', () => {
  it('uses it and writes no app-id file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'charter-app-id-set-'))
    const server = await startTestServer({ dataDir: folder, env: { APP_ID: 'charter-local' } })
    try {
      expect((await healthOf(server.url)).appId).toBe('charter-local')
      await expect(stat(join(folder, 'app-id'))).rejects.toThrow('ENOENT')
    } finally {
      await server.close()
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('the start-up log (npm start)', () => {
  const notice = "Privy's React SDK (@privy-io/react-auth) refuses app ids that are not exactly 25 characters"

  it("says Privy's React SDK needs 25 characters when APP_ID has another length", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'charter-app-id-log-'))
    try {
      const server = await startServerProcess({
        env: { DATA_DIR: folder, LOCAL_CHAINS: 'off', LOG_LEVEL: 'info', APP_ID: 'charter-local' },
      })
      const [line] = await server.waitFor(/.*refuses app ids.*/)
      expect(line).toContain('APP_ID is 13 characters long')
      expect(line).toContain(notice)
      expect(line).toContain("Charter's own web app and Privy's vanilla client work with any")
      await server.stop()
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 120_000)

  it('says nothing of it with a generated id', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'charter-app-id-log-'))
    try {
      const server = await startServerProcess({
        env: { DATA_DIR: folder, LOCAL_CHAINS: 'off', LOG_LEVEL: 'info' },
      })
      await server.waitFor(/Charter is ready/)
      const { appId } = await healthOf(server.url)
      expect(appId).toMatch(privyShape)
      expect(server.output()).toContain(`Generated the app id ${appId}`)
      await server.stop()
      expect(server.output()).not.toContain(notice)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 120_000)
})
