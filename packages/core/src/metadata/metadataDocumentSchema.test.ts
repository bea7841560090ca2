import { describe, expect, it } from 'vitest'
import { hatsDocument } from './__fixtures__/hatsDocument.ts'
import { metadataDocumentSchema } from './metadataDocumentSchema.ts'

describe('metadataDocumentSchema', () => {
  it('accepts the smallest document: a type and a name', () => {
    const document = { type: '1.0', data: { name: 'Member' } }
    expect(metadataDocumentSchema.parse(document)).toEqual(document)
  })

  it('keeps unknown keys at every level of a Hats Protocol document', () => {
    expect(metadataDocumentSchema.parse(hatsDocument)).toEqual(hatsDocument)
  })

  it('types the known fields of the output', () => {
    const document = metadataDocumentSchema.parse(hatsDocument)
    const name: string = document.data.name
    const gate: string | undefined = document.data.authorities?.[0]?.gate
    expect([name, gate]).toEqual(['Treasurer', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'])
  })

  it('refuses a document of another version', () => {
    expect(metadataDocumentSchema.safeParse({ type: '2.0', data: { name: 'Member' } }).success).toBe(false)
    expect(metadataDocumentSchema.safeParse({ type: 1, data: { name: 'Member' } }).success).toBe(false)
  })
})
