import { InvalidMetadataDocumentError } from './InvalidMetadataDocumentError.ts'
import type { MetadataDocument } from './MetadataDocument.ts'
import { metadataDocumentSchema } from './metadataDocumentSchema.ts'

/**
 * Checks a document before it is pinned and hands back the very same value, typed: zod's output would put
 * known keys first and so change the bytes (and the CID) of a document that was already fine.
 * Throws InvalidMetadataDocumentError naming the first wrong field.
 */
export function validateMetadataDocument(document: unknown): MetadataDocument {
  const result = metadataDocumentSchema.safeParse(document)
  if (!result.success) throw new InvalidMetadataDocumentError(result.error)
  return document as MetadataDocument
}
