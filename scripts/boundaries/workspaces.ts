import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export type WorkspaceName = 'core' | 'server' | 'web' | 'e2e' | 'root'

export type Manifest = {
  name: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

export type SourceFile = {
  /** From the repository's root, with forward slashes. */
  path: string
  workspace: WorkspaceName
  text: string
}

/** Each package, the folder its package.json sits in, and where its code is. The root's own code is tooling. */
export const workspaces: { name: WorkspaceName; dir: string; sources: string[] }[] = [
  { name: 'core', dir: 'packages/core', sources: ['packages/core/src'] },
  { name: 'server', dir: 'apps/server', sources: ['apps/server/src'] },
  { name: 'web', dir: 'apps/web', sources: ['apps/web/src', 'apps/web/vite.config.ts'] },
  { name: 'e2e', dir: 'e2e', sources: ['e2e'] },
  { name: 'root', dir: '.', sources: ['bench', 'scripts', 'vitest.config.ts'] },
]

export const repoRoot = new URL('../..', import.meta.url).pathname

export function workspaceOf(path: string): WorkspaceName {
  return workspaces.find((workspace) => path.startsWith(`${workspace.dir}/`))?.name ?? 'root'
}

export function readManifests(): Record<WorkspaceName, Manifest> {
  const entries = workspaces.map(({ name, dir }) => [
    name,
    JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest,
  ])
  return Object.fromEntries(entries)
}

export function readSourceFiles(): SourceFile[] {
  return workspaces.flatMap((workspace) =>
    workspace.sources
      .flatMap((source) => listFiles(source))
      .map((path) => ({ path, workspace: workspace.name, text: readFileSync(join(repoRoot, path), 'utf8') })),
  )
}

const skippedFolders = new Set(['node_modules', 'dist', '__snapshots__'])

function listFiles(path: string): string[] {
  if (!statSync(join(repoRoot, path)).isDirectory()) return [path]
  return readdirSync(join(repoRoot, path), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : listFiles(`${path}/${entry.name}`)
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [`${path}/${entry.name}`] : []
  })
}
