import { InvalidMetadataDocumentError, type MetadataDocument, StorageError } from '@charter/core'
import type { DocumentStorage } from './documentStorage.ts'
import { OrganizationError } from './OrganizationError.ts'

/**
 * Checks a document a member sent (its size, then the core's schema, which caps its lists too) and pins it
 * through the storage client. The document is pinned and kept exactly as sent: never rebuilt, so unknown keys
 * (even `__proto__`, an own key after JSON.parse) stay data, and nothing in it is interpreted.
 */
export async function pinDocument(
  storage: DocumentStorage,
  document: unknown,
  maxBytes: number,
): Promise<{ cid: string; text: string; document: MetadataDocument }> {
  const text = JSON.stringify(document) ?? ''
  if (Buffer.byteLength(text) > maxBytes) {
    throw new OrganizationError(
      'payload_too_large',
      `The document is too large: ${maxBytes} bytes at most (PINNING_MAX_BYTES).`,
    )
  }
  try {
    const cid = await storage.client().pin(document as MetadataDocument)
    return { cid, text, document: document as MetadataDocument }
  } catch (error) {
    if (error instanceof InvalidMetadataDocumentError) {
      throw new OrganizationError(
        'invalid_data',
        error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      )
    }
    if (error instanceof StorageError || error instanceof Error) {
      throw new OrganizationError('pinning_failed', error.message)
    }
    throw error
  }
}
