import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publicExports } from './publicExports.ts'
import { repoRoot } from './workspaces.ts'

// Each package's public surface, pinned: a name added, removed or turned from a function into an object shows up
// here, and is accepted on purpose with `npx vitest run scripts/boundaries/exports.test.ts -u`.
const features = readdirSync(join(repoRoot, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `apps/web/src/features/${entry.name}/index.ts`)
  .filter((entry) => existsSync(join(repoRoot, entry)))
const entries = [
  'packages/core/src/index.ts',
  'packages/core/src/passphrase/index.ts',
  'apps/server/src/index.ts',
  ...features,
]

describe('public exports', () => {
  // One program over every entry; the web's tsconfig, whose program holds core's and the server's sources too.
  const exports = publicExports(
    entries.map((entry) => join(repoRoot, entry)),
    join(repoRoot, 'apps/web/tsconfig.json'),
  )

  it.each(entries)('%s', (entry) => {
    const names = exports[join(repoRoot, entry)]
    expect(names?.length, `${entry} exports nothing`).toBeGreaterThan(0)
    expect(names).toMatchSnapshot()
  })
})
