import type { z } from 'zod'
import type { MetadataDocument } from '../metadata/MetadataDocument.ts'
import { metadataDocumentSchema } from '../metadata/metadataDocumentSchema.ts'
import { getDocument } from './getDocument.ts'
import { pinDocument } from './pinDocument.ts'
import { resolveStorageSettings } from './resolveStorageSettings.ts'
import type { StorageClient } from './StorageClient.ts'
import type { StorageClientOptions } from './StorageClientOptions.ts'

/**
 * A client that pins metadata documents and reads them back, over `fetch` alone, so it runs on the server and
 * in a browser. The same code talks to Pinata and to Charter's own pinning service and gateway: only the
 * URLs and keys differ. Throws StorageError when the options are not usable (see docs/storage.md).
 */
export function createStorageClient<Document = MetadataDocument>(
  options: StorageClientOptions<Document>,
): StorageClient<Document> {
  const settings = resolveStorageSettings(options)
  const schema = (options.schema ?? metadataDocumentSchema) as z.ZodType<Document>
  return {
    pin: (document, pinOptions) => pinDocument(settings, schema, document, pinOptions),
    get: (hash) => getDocument(settings, schema, hash),
  }
}
