import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
// A fresh database for every run, so one run's throttles and accounts never meet the next. The runner loads
// this file first and its workers load it again; they inherit the folder through the environment.
// The runner removes the folder (about 40 MB) as it exits: after it has stopped the server, which saves its
// devnets' state there on the way out (a global teardown would run before that, under the server's feet).
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(join(tmpdir(), 'charter-e2e-'))
  process.env.E2E_DATA_DIR = made
  process.on('exit', () => rmSync(made, { recursive: true, force: true }))
}
const dataDir = process.env.E2E_DATA_DIR

/**
 * Drives the built app in Debian's Chromium (`apt-get install chromium`); Playwright's own browser
 * download is never used. The server runs on its embedded defaults with a data folder of its own.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The phone field's country comes from the browser's locale.
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The embedded server starts its local devnets (two anvils and LiteSVM) before it answers health.
    timeout: 120_000,
    // SIGTERM, so that the server stops its local devnets (and anvil saves their state) before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test asks for codes from 127.0.0.1, in two projects; the default allows 30 an hour per address.
      CODES_PER_CLIENT_PER_HOUR: '100000',
      // The test app on Privy's React SDK, on an origin of its own: same site, and another site (privyReact.spec.ts).
      ALLOWED_APP_ORIGINS: `http://localhost:${port + 1},http://127.0.0.1:${port + 1}`,
    },
  },
})
