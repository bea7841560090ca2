import { InvalidMetadataDocumentError } from './InvalidMetadataDocumentError.ts'
import type { MetadataDocument } from './MetadataDocument.ts'
import { metadataDocumentSchema } from './metadataDocumentSchema.ts'

/** What a fetch gives: the parsed document, or, when it does not match the schema, only the raw data. */
export type ParsedMetadataDocument =
  | { parsed: MetadataDocument; raw: unknown; error: undefined }
  | { parsed: undefined; raw: unknown; error: InvalidMetadataDocumentError }

/**
 * Reads fetched JSON as a metadata document without throwing, so a screen can still show what a document
 * made elsewhere holds. `parsed` is `raw` itself once it has passed the schema (the schema transforms
 * nothing), so every key and its order survive: re-pinning it unchanged gives the same CID.
 */
export function parseMetadataDocument(raw: unknown): ParsedMetadataDocument {
  const result = metadataDocumentSchema.safeParse(raw)
  if (!result.success)
    return { parsed: undefined, raw, error: new InvalidMetadataDocumentError(result.error) }
  return { parsed: raw as MetadataDocument, raw, error: undefined }
}
