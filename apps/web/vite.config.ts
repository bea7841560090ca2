import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bench measure exactly the JavaScript a first visit loads.
    manifest: true,
    target: 'es2022',
    // Inline assets would become data: URLs; keep every asset a file served from our own origin.
    assetsInlineLimit: 0,
    rollupOptions: {
      // The app, and the wallet frame's pages that Privy's React SDK frames (served under /apps/{APP_ID}/).
      input: {
        app: fileURLToPath(new URL('index.html', import.meta.url)),
        walletFrame: fileURLToPath(new URL('wallet-frame.html', import.meta.url)),
        walletExport: fileURLToPath(new URL('wallet-export.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
})
