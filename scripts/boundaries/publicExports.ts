import ts from 'typescript'

/**
 * What each entry module exports, as `name: kind` lines sorted by name, kind being `class`, `function`, `type`,
 * `enum`, `object` or the primitive's name. Read from the types, so type-only exports count too.
 */
export function publicExports(entries: string[], tsconfig: string): Record<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic },
  )
  if (!config) throw new Error(`Cannot read ${tsconfig}`)
  const program = ts.createProgram(entries, config.options)
  const checker = program.getTypeChecker()
  return Object.fromEntries(
    entries.map((entry) => {
      const file = program.getSourceFile(entry)
      const module = file && checker.getSymbolAtLocation(file)
      if (!module) throw new Error(`${entry} is not a module`)
      const lines = checker
        .getExportsOfModule(module)
        .map((symbol) => `${symbol.name}: ${kindOf(checker, symbol)}`)
        .sort()
      return [entry, lines]
    }),
  )
}

function kindOf(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  const value = valueKind(checker, symbol)
  // A name can be a value and a type at once (`const X` beside `type X`).
  const isType = (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) !== 0
  if (value && isType) return `${value} and type`
  return value ?? (isType ? 'type' : 'other')
}

function valueKind(checker: ts.TypeChecker, symbol: ts.Symbol): string | undefined {
  if (symbol.flags & ts.SymbolFlags.Class) return 'class'
  if (symbol.flags & ts.SymbolFlags.Function) return 'function'
  if (symbol.flags & ts.SymbolFlags.Enum) return 'enum'
  if (!(symbol.flags & ts.SymbolFlags.Variable)) return undefined
  const type = checker.getTypeOfSymbol(symbol)
  if (type.getCallSignatures().length > 0) return 'function'
  if (type.flags & ts.TypeFlags.StringLike) return 'string'
  if (type.flags & ts.TypeFlags.NumberLike) return 'number'
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean'
  return 'object'
}

function onUnRecoverableConfigFileDiagnostic(diagnostic: ts.Diagnostic): never {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}
