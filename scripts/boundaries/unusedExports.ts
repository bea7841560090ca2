import { wholeModule } from './importsOf.ts'
import { namesImported } from './namesImported.ts'
import type { SourceFile, WorkspaceName } from './workspaces.ts'

/** What a package offers: for each specifier it answers to (`@charter/core`, `@charter/core/passphrase`), its names. */
export type PackageExports = Record<string, string[]>

/**
 * The names `exported` offers that no file outside `owner` imports, as `specifier: name`, sorted. A file of the
 * package itself, its tests included, counts for nothing: a name only its own package uses need not be exported
 * from it. A namespace import, `export *` or a dynamic `import()` of a specifier counts as using all of its names.
 */
export function unusedExports(exported: PackageExports, files: SourceFile[], owner: WorkspaceName): string[] {
  const used = new Map<string, Set<string>>()
  for (const file of files) {
    if (file.workspace === owner) continue
    for (const [specifier, names] of namesImported(file.path, file.text)) {
      if (!(specifier in exported)) continue
      const all = used.get(specifier) ?? new Set<string>()
      for (const name of names) all.add(name)
      used.set(specifier, all)
    }
  }
  return Object.entries(exported)
    .flatMap(([specifier, names]) => {
      const taken = used.get(specifier)
      if (taken?.has(wholeModule)) return []
      return names.filter((name) => !taken?.has(name)).map((name) => `${specifier}: ${name}`)
    })
    .sort()
}
