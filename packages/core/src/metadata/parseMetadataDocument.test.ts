import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BaseError } from '../errors/BaseError.ts'
import { hatsDocument } from './__fixtures__/hatsDocument.ts'
import { InvalidMetadataDocumentError } from './InvalidMetadataDocumentError.ts'
import { parseMetadataDocument } from './parseMetadataDocument.ts'

const doc = (data: Record<string, unknown>) => ({ type: '1.0', data: { name: 'Member', ...data } })

function firstProblem(raw: unknown): string | undefined {
  return parseMetadataDocument(raw).error?.shortMessage
}

describe('parseMetadataDocument', () => {
  it('gives parsed and raw data and no error for a valid document', () => {
    const raw = { type: '1.0', data: { name: 'Member', description: 'Everyone starts here.' } }
    const result = parseMetadataDocument(raw)
    expect(result.error).toBeUndefined()
    expect(result.parsed).toEqual(raw)
    expect(result.raw).toBe(raw)
  })

  it('keeps a Hats Protocol document whole, key order included, so a re-pin gives the same bytes', () => {
    const fetched = JSON.parse(JSON.stringify(hatsDocument))
    const { parsed, error } = parseMetadataDocument(fetched)
    expect(error).toBeUndefined()
    expect(parsed).toEqual(hatsDocument)
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(hatsDocument))
    expect(parsed?.data.eligibility).toEqual({
      manual: true,
      criteria: [{ contract: '0x0', link: '', description: 'Elected' }],
    })
  })

  it('returns only the raw data, and an error, for a document that does not match', () => {
    const raw = { type: '1.0', data: { description: 'No name' } }
    const result = parseMetadataDocument(raw)
    expect(result.parsed).toBeUndefined()
    expect(result.raw).toBe(raw)
    expect(result.error).toBeInstanceOf(InvalidMetadataDocumentError)
    expect(result.error).toBeInstanceOf(BaseError)
    expect(result.error?.message).toBe('data.name: required')
    expect(result.error?.code).toBe('invalid_metadata_document')
    expect(result.error?.cause).toBeInstanceOf(z.ZodError)
  })

  it('names the first wrong field in words a person can act on', () => {
    expect(firstProblem({ data: { name: 'A' } })).toBe('type: required')
    expect(firstProblem({ type: '2.0', data: { name: 'A' } })).toBe("type: must be '1.0'")
    expect(firstProblem({ type: 1, data: { name: 'A' } })).toBe("type: must be '1.0'")
    expect(firstProblem({ type: '1.0' })).toBe('data: required')
    expect(firstProblem({ type: '1.0', data: 'Treasurer' })).toBe('data: must be an object')
    expect(firstProblem({ type: '1.0', data: { name: 42 } })).toBe('data.name: must be a string')
    expect(firstProblem({ type: '1.0', data: { name: '  ' } })).toBe('data.name: must not be blank')
    expect(firstProblem({ type: '1.0', data: { name: 'A', description: null } })).toBe(
      'data.description: must be a string',
    )
    expect(firstProblem({ type: '1.0', data: { name: 'A', responsibilities: 'all of them' } })).toBe(
      'data.responsibilities: must be a list',
    )
    expect(
      firstProblem({
        type: '1.0',
        data: { name: 'A', responsibilities: [{ label: 'One' }, { description: 'x' }] },
      }),
    ).toBe('data.responsibilities[1].label: required')
    expect(firstProblem({ type: '1.0', data: { name: 'A', responsibilities: ['Report'] } })).toBe(
      'data.responsibilities[0]: must be an object',
    )
    expect(
      firstProblem({ type: '1.0', data: { name: 'A', authorities: [{ label: 'Safe', gate: 1 }] } }),
    ).toBe('data.authorities[0].gate: must be a string')
    expect(
      firstProblem({ type: '1.0', data: { name: 'A', authorities: [{ label: 'Safe', link: 7 }] } }),
    ).toBe('data.authorities[0].link: must be a string')
  })

  it('caps each list at 200 items, and names the first list past its cap alone, before anything else', () => {
    const items = (count: number, item: unknown = { label: 'x' }) => Array.from({ length: count }, () => item)
    expect(parseMetadataDocument(doc({ responsibilities: items(200), authorities: items(200) })).error).toBe(
      undefined,
    )
    const over = parseMetadataDocument(doc({ responsibilities: items(201) })).error
    expect(over?.issues).toEqual([
      { path: 'data.responsibilities', message: 'at most 200 items (this document has 201).' },
    ])
    expect(firstProblem(doc({ authorities: items(10_000) }))).toBe(
      'data.authorities: at most 200 items (this document has 10000).',
    )
    // The items are not looked at, nor anything else: one issue, however much else is wrong.
    const everything = parseMetadataDocument({
      type: '2.0',
      data: { name: '', responsibilities: items(300, {}), authorities: items(201) },
    }).error
    expect(everything?.issues).toEqual([
      { path: 'data.responsibilities', message: 'at most 200 items (this document has 300).' },
    ])
  })

  it('says so when the content is not an object at all', () => {
    expect(firstProblem(null)).toBe('document: must be an object')
    expect(firstProblem('{"type":"1.0"}')).toBe('document: must be an object')
    expect(firstProblem([hatsDocument])).toBe('document: must be an object')
  })

  it('lists every problem, the first in the message and the rest in the details', () => {
    const { error } = parseMetadataDocument({ type: '0.9', data: { name: '', authorities: [{}] } })
    expect(error?.issues).toEqual([
      { path: 'type', message: "must be '1.0'" },
      { path: 'data.name', message: 'must not be blank' },
      { path: 'data.authorities[0].label', message: 'required' },
    ])
    expect(error?.shortMessage).toBe("type: must be '1.0'")
    expect(error?.details).toBe('data.name: must not be blank; data.authorities[0].label: required')
  })
})
