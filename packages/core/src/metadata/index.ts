export { InvalidMetadataDocumentError } from './InvalidMetadataDocumentError.ts'
export type { MetadataAuthority, MetadataDocument } from './MetadataDocument.ts'
export { metadataDocumentVersion } from './metadataDocumentVersion.ts'
export { type ParsedMetadataDocument, parseMetadataDocument } from './parseMetadataDocument.ts'
