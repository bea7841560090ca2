import { defineConfig } from 'vitest/config'

// One run covers every layer but the browser: core units, the real server on its embedded defaults,
// and the web app's components. Playwright runs the end-to-end layer separately (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/*/src/**/*.test.ts'] } },
      // The repository's own checks: import boundaries, declared dependencies, public exports.
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./apps/web/src/testSetup.ts'],
        },
      },
    ],
  },
})
