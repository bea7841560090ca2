import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The test app built on the published `@privy-io/react-auth`, as any app on Privy's React SDK is built; the
 * Playwright spec (privyReact.spec.ts) builds it into a folder of its own and serves it.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  // Its own assets folder: behind one origin with Charter, /assets/ is Charter's (the wallet frame's scripts).
  build: {
    emptyOutDir: true,
    assetsDir: 'privy-app-assets',
    target: 'es2022',
    chunkSizeWarningLimit: 10_000,
  },
})
