import type { StorageError } from '../errors/StorageError.ts'
import type { InvalidMetadataDocumentError } from '../metadata/InvalidMetadataDocumentError.ts'
import type { MetadataDocument } from '../metadata/MetadataDocument.ts'

export type PinOptions = {
  /** 0 (`Qm…`, the service's default) or 1 (`bafk…`/`bafy…`, as the Hats Protocol app stores on chain). */
  cidVersion?: 0 | 1
}

/**
 * What a read gives, one of three: the document; or, when the content is JSON that does not match the schema,
 * only the raw JSON and what does not match; or, when there is no JSON to show, only the StorageError.
 */
export type StorageGetResult<Document = MetadataDocument> =
  | { parsedData: Document; rawData: null; error: null }
  | { parsedData: null; rawData: unknown; error: InvalidMetadataDocumentError }
  | { parsedData: null; rawData: null; error: StorageError }

export type StorageClient<Document = MetadataDocument> = {
  /**
   * Pins a document and gives its CID. Throws InvalidMetadataDocumentError (before any request) when the
   * document does not match the schema, and StorageError when the pin fails.
   */
  pin(document: Document, options?: PinOptions): Promise<string>
  /** Reads the document at a CID (or an `ipfs://` URI). Never throws: a failure is in `error`. */
  get(hash: string): Promise<StorageGetResult<Document>>
}
