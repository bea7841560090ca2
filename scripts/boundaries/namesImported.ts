import { importsOf } from './importsOf.ts'

/** Every name taken from any module (`*` for the whole module, `wholeModule`), keyed by the module's specifier. */
export type NamesImported = Map<string, Set<string>>

/** The names a source file takes from each module it imports, gathered by specifier from `importsOf`. */
export function namesImported(fileName: string, text: string): NamesImported {
  const names: NamesImported = new Map()
  for (const { specifier, names: taken } of importsOf(fileName, text)) {
    if (taken.length === 0) continue
    const all = names.get(specifier) ?? new Set()
    for (const name of taken) all.add(name)
    names.set(specifier, all)
  }
  return names
}
