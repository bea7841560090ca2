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
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
})
