import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }

/** Gzipped bytes of the JavaScript a first visit loads: the entry chunk and its static imports, not lazy chunks. */
export function initialJsGzip(distDir: string): number {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  )
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  let total = 0
  for (const key of seen) {
    const file = manifest[key]?.file
    if (file?.endsWith('.js')) total += gzipSync(readFileSync(join(distDir, file))).length
  }
  return total
}

/** The floor: React 19 rendering one heading, built by the same Vite with the same settings. */
export function bareReactGzip(repoRoot: string): number {
  const dir = mkdtempSync(join(resolve(repoRoot, 'apps/web'), '.bench-floor-'))
  try {
    mkdirSync(join(dir, 'src'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
    )
    writeFileSync(
      join(dir, 'src', 'main.tsx'),
      "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>)\n",
    )
    execFileSync(
      'npx',
      [
        'vite',
        'build',
        dir,
        '--config',
        resolve(repoRoot, 'apps/web/vite.config.ts'),
        '--outDir',
        join(dir, 'dist'),
        '--logLevel',
        'silent',
      ],
      { cwd: repoRoot, stdio: 'inherit' },
    )
    return initialJsGzip(join(dir, 'dist'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
