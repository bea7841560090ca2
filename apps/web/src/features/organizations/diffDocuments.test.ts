import { describe, expect, it } from 'vitest'
import { diffDocuments } from './diffDocuments.ts'

describe('the changes between two versions', () => {
  it('names each changed, added and removed field by its path', () => {
    const before = {
      type: '1.0',
      data: { name: 'Treasurer', responsibilities: [{ label: 'A' }, { label: 'B' }] },
    }
    const after = {
      type: '1.0',
      data: { name: 'Treasurer', description: 'New', responsibilities: [{ label: 'B' }] },
    }
    expect(diffDocuments(before, after)).toEqual([
      { path: 'data.responsibilities[0].label', before: 'A', after: 'B' },
      { path: 'data.responsibilities[1].label', before: 'B', after: undefined },
      { path: 'data.description', before: undefined, after: 'New' },
    ])
  })

  it('finds nothing between equal documents', () => {
    expect(diffDocuments({ data: { name: 'x' } }, { data: { name: 'x' } })).toEqual([])
  })
})
