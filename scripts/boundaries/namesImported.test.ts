import { describe, expect, it } from 'vitest'
import { namesImported } from './namesImported.ts'

const read = (text: string) =>
  Object.fromEntries(
    [...namesImported('sample.tsx', text)].map(([specifier, names]) => [specifier, [...names]]),
  )

describe('namesImported', () => {
  it('finds the names each form of import takes, under their exported names', () => {
    const text = [
      "import a, { b, c as d } from 'one'",
      "import type { E } from 'one'",
      "import { type F } from 'two'",
      "export { g, h as i } from 'two'",
      "export type { J } from 'three'",
      "let k: import('three').K.Inner",
      "import 'four'",
    ].join('\n')
    expect(read(text)).toEqual({ one: ['default', 'b', 'c', 'E'], two: ['F', 'g', 'h'], three: ['J', 'K'] })
  })

  it('takes a module whole when it is taken as a namespace, re-exported whole, or imported at run time', () => {
    const text = [
      "import * as one from 'one'",
      "export * from 'two'",
      "export * as three from 'three'",
      "const four = await import('four')",
      "let five: typeof import('five')",
    ].join('\n')
    expect(read(text)).toEqual({ one: ['*'], two: ['*'], three: ['*'], four: ['*'], five: ['*'] })
  })

  it('reads past comments and strings that look like imports', () => {
    expect(read("// import { a } from 'a'\nconst b = \"import { b } from 'b'\"")).toEqual({})
  })
})
