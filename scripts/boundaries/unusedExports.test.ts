import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publicExports } from './publicExports.ts'
import { unusedExports } from './unusedExports.ts'
import { readSourceFiles, repoRoot, type SourceFile, workspaceOf } from './workspaces.ts'

// Core exports what the apps, the end-to-end tests, the bench and the scripts import from it, and nothing more:
// a name only core itself (or its tests) uses stays inside core. A name added to core's entry points and used
// nowhere else fails here, named.
const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages/core/package.json'), 'utf8')) as {
  name: string
  exports: Record<string, string>
}
/** Each specifier core answers to, `@charter/core` and its subpaths, and the file behind it. */
const entries = Object.entries(manifest.exports).map(([subpath, file]) => ({
  specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
  file: join(repoRoot, 'packages/core', file),
}))

const sample = (path: string, text: string): SourceFile => ({ path, workspace: workspaceOf(path), text })

describe('unused core exports', () => {
  it('reads each of core’s entry points from its package.json', () => {
    expect(entries.map((entry) => entry.specifier)).toEqual(['@charter/core', '@charter/core/passphrase'])
  })

  it('finds every name core exports imported outside core', () => {
    const lines = publicExports(
      entries.map((entry) => entry.file),
      join(repoRoot, 'packages/core/tsconfig.json'),
    )
    const exported = Object.fromEntries(
      entries.map(({ specifier, file }) => [
        specifier,
        (lines[file] ?? []).map((line) => line.split(':')[0] ?? ''),
      ]),
    )
    expect(Object.values(exported).flat().length).toBeGreaterThan(0)
    expect(unusedExports(exported, readSourceFiles(), 'core')).toEqual([])
  }, 120_000)

  it('fails on a sample, naming each export nothing outside core imports', () => {
    const exported = {
      '@charter/core': ['usedByWeb', 'UsedAsType', 'reExported', 'usedByCoreOnly', 'usedOnlyByName'],
      '@charter/core/passphrase': ['generate', 'unused'],
      '@charter/other': ['whole'],
    }
    const files = [
      sample('apps/web/src/lib/sample.ts', "import { usedByWeb, type X } from '@charter/core'"),
      sample('e2e/sample.ts', "import type { UsedAsType } from '@charter/core'"),
      sample('apps/server/src/sample.ts', "export { reExported as again } from '@charter/core'"),
      sample('bench/sample.ts', "import { generate } from '@charter/core/passphrase'"),
      sample('scripts/sample.ts', "import * as other from '@charter/other'"),
      // Core's own files, tests included, are no use; nor is a name taken from another entry point.
      sample('packages/core/src/format/sample.ts', "import { usedByCoreOnly } from '../index.ts'"),
      sample('packages/core/src/format/sample.test.ts', "import { usedByCoreOnly } from '@charter/core'"),
      sample('apps/web/src/lib/other.ts', "import { unused } from '@charter/core'"),
      sample('apps/web/src/lib/comment.ts', "// import { usedOnlyByName } from '@charter/core'"),
    ]
    expect(unusedExports(exported, files, 'core')).toEqual([
      '@charter/core/passphrase: unused',
      '@charter/core: usedByCoreOnly',
      '@charter/core: usedOnlyByName',
    ])
  })
})
