import { describe, expect, it } from 'vitest'
import { importsOf } from './importsOf.ts'

describe('importsOf', () => {
  it('finds every form of import, and tells the erased ones apart', () => {
    const text = [
      "import a from 'a'",
      "import type { B } from 'b'",
      "import { type C } from 'c'",
      "export * from './d.ts'",
      "export type { E } from 'e'",
      "import 'f'",
      "const g = await import('g')",
      "let h: typeof import('h')",
    ].join('\n')
    expect(importsOf('sample.ts', text)).toEqual([
      { specifier: 'a', typeOnly: false, dynamic: false, names: ['default'], line: 1 },
      { specifier: 'b', typeOnly: true, dynamic: false, names: ['B'], line: 2 },
      { specifier: 'c', typeOnly: false, dynamic: false, names: ['C'], line: 3 },
      { specifier: './d.ts', typeOnly: false, dynamic: false, names: ['*'], line: 4 },
      { specifier: 'e', typeOnly: true, dynamic: false, names: ['E'], line: 5 },
      { specifier: 'f', typeOnly: false, dynamic: false, names: [], line: 6 },
      { specifier: 'g', typeOnly: false, dynamic: true, names: ['*'], line: 7 },
      { specifier: 'h', typeOnly: true, dynamic: false, names: ['*'], line: 8 },
    ])
  })

  it('reads past comments and strings that look like imports', () => {
    const text = [
      "// import a from 'a'",
      "/* export * from 'b' */",
      'const c = "import c from \'c\'"',
      "const d = `export { d } from 'd'`",
      'const e = \'await import("e")\'',
    ].join('\n')
    expect(importsOf('sample.ts', text)).toEqual([])
  })

  it('reads JSX', () => {
    expect(importsOf('sample.tsx', "import { X } from 'x'\nexport const y = <X a={1} />")).toEqual([
      { specifier: 'x', typeOnly: false, dynamic: false, names: ['X'], line: 1 },
    ])
  })
})
