import ts from 'typescript'

export type Import = {
  specifier: string
  /** Erased at build time: `import type`, `export type`, or `import('x')` in a type position. */
  typeOnly: boolean
  /** Loaded when the code runs it, `import('x')` in a value position: a chunk of its own in the web's build. */
  dynamic: boolean
  /**
   * The names it takes: `import { a, b as c }` takes `a` and `b`, `export { d } from` takes `d`, a default import
   * `default`, `import('x').E` in a type `E`; a namespace, `export *`, `import x = require()` or a dynamic
   * `import()` take the module whole (`*`, `wholeModule`). A bare `import 'x'` takes none.
   */
  names: string[]
  line: number
}

/** Taking a module whole (`import * as`, `export *`, `import()`) counts as using each of its names. */
export const wholeModule = '*'

/**
 * Every module a source file names: static imports and re-exports, dynamic `import()`, and `import('x')` types.
 * TypeScript's parser reads the file, so import-like text in comments and strings is not taken for an import.
 */
export function importsOf(fileName: string, text: string): Import[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName))
  const imports: Import[] = []
  const add = (
    node: ts.Node,
    specifier: ts.Node | undefined,
    typeOnly: boolean,
    names: string[],
    dynamic = false,
  ) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
    imports.push({ specifier: specifier.text, typeOnly, dynamic, names, line })
  }
  const named = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.map((element) => (element.propertyName ?? element.name).text)
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      // Only the statement-level `import type` is erased: `import { type A }` still loads the module.
      const clause = node.importClause
      const bindings = clause?.namedBindings
      const names = [
        ...(clause?.name ? ['default'] : []),
        ...(bindings && ts.isNamespaceImport(bindings) ? [wholeModule] : []),
        ...(bindings && ts.isNamedImports(bindings) ? named(bindings.elements) : []),
      ]
      add(node, node.moduleSpecifier, clause?.isTypeOnly ?? false, names)
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause
      const names = !clause || ts.isNamespaceExport(clause) ? [wholeModule] : named(clause.elements)
      add(node, node.moduleSpecifier, node.isTypeOnly, names)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly, [wholeModule])
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false, [wholeModule], true)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const qualifier = node.qualifier
      const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : leftmost(qualifier))
      add(node, node.argument.literal, true, [first ? first.text : wholeModule])
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return imports
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isIdentifier(name.left) ? name.left : leftmost(name.left)
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS
  return ts.ScriptKind.TS
}
