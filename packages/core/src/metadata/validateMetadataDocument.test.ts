import { describe, expect, it } from 'vitest'
import { hatsDocument } from './__fixtures__/hatsDocument.ts'
import { InvalidMetadataDocumentError } from './InvalidMetadataDocumentError.ts'
import { validateMetadataDocument } from './validateMetadataDocument.ts'

describe('validateMetadataDocument', () => {
  it('hands back the same document, untouched, when it is valid', () => {
    expect(validateMetadataDocument(hatsDocument)).toBe(hatsDocument)
  })

  it('throws, naming the first wrong field, when the document is not valid', () => {
    const invalid = { type: '1.0', data: { name: 'A', responsibilities: [{}] } }
    expect(() => validateMetadataDocument(invalid)).toThrowError(InvalidMetadataDocumentError)
    expect(() => validateMetadataDocument(invalid)).toThrowError('data.responsibilities[0].label: required')
  })
})
