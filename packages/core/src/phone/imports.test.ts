import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The web app's initial JS must stay under 150 KB gzip: 'max' metadata is about 40 KB of it, 'min' about 20,
// and two metadata sets in one bundle would be the worst of both.
const allowed = [
  'libphonenumber-js/min',
  'libphonenumber-js/min/metadata',
  'libphonenumber-js/mobile/examples',
]

describe('phone module imports', () => {
  it('read only min metadata (and the mobile example numbers) outside tests', () => {
    const folder = import.meta.dirname
    const sources = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    expect(sources).toContain('parsePhoneNumber.ts')
    const specifiers = sources.flatMap((file) =>
      [...readFileSync(join(folder, file), 'utf8').matchAll(/from '(libphonenumber-js[^']*)'/g)].map(
        (match) => match[1],
      ),
    )
    expect(specifiers).toContain('libphonenumber-js/min')
    for (const specifier of specifiers) expect(allowed).toContain(specifier)
  })
})
