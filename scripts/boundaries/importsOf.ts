import ts from 'typescript'

export type Import = {
  specifier: string
  /** Erased at build time: `import type`, `export type`, or `import('x')` in a type position. */
  typeOnly: boolean
  /** Loaded when the code runs it, `import('x')` in a value position: a chunk of its own in the web's build. */
  dynamic: boolean
  line: number
}

/**
 * Every module a source file names: static imports and re-exports, dynamic `import()`, and `import('x')` types.
 * TypeScript's parser reads the file, so import-like text in comments and strings is not taken for an import.
 */
export function importsOf(fileName: string, text: string): Import[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName))
  const imports: Import[] = []
  const add = (node: ts.Node, specifier: ts.Node | undefined, typeOnly: boolean, dynamic = false) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
    imports.push({ specifier: specifier.text, typeOnly, dynamic, line })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      // Only the statement-level `import type` is erased: `import { type A }` still loads the module.
      add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ?? false)
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false, true)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return imports
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS
  return ts.ScriptKind.TS
}
