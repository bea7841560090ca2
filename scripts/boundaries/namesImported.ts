import ts from 'typescript'

/** Every name taken from any module (`*` for the whole module), keyed by the module's specifier. */
export type NamesImported = Map<string, Set<string>>

/** Taking a module whole (`import * as`, `export *`, `import()`) counts as using each of its names. */
export const wholeModule = '*'

/**
 * The names a source file takes from each module it imports: `import { a, b as c }` takes `a` and `b`,
 * `export { d } from` takes `d`, `import('x').E` in a type takes `E`, and a namespace, `export *` or a dynamic
 * `import()` take the module whole. Default imports take `default`.
 */
export function namesImported(fileName: string, text: string): NamesImported {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind)
  const names: NamesImported = new Map()
  const take = (specifier: ts.Node | undefined, name: string) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return
    const taken = names.get(specifier.text) ?? new Set()
    taken.add(name)
    names.set(specifier.text, taken)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      if (clause?.name) take(node.moduleSpecifier, 'default')
      const bindings = clause?.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) take(node.moduleSpecifier, wholeModule)
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements)
          take(node.moduleSpecifier, (element.propertyName ?? element.name).text)
      }
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause
      if (!clause || ts.isNamespaceExport(clause)) take(node.moduleSpecifier, wholeModule)
      else
        for (const element of clause.elements)
          take(node.moduleSpecifier, (element.propertyName ?? element.name).text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      take(node.arguments[0], wholeModule)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const qualifier = node.qualifier
      const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : leftmost(qualifier))
      take(node.argument.literal, first ? first.text : wholeModule)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return names
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isIdentifier(name.left) ? name.left : leftmost(name.left)
}
