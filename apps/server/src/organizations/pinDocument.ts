import { InvalidMetadataDocumentError, type MetadataDocument, StorageError } from '@charter/core'
import type { DocumentSizeLimit } from '../pinning/documentSizeLimit.ts'
import type { PinnedDocument, Pinning } from '../pinning/Pinning.ts'
import { documentTooLarge, OrganizationError } from './OrganizationError.ts'

/** A member's document as pinned: its CID, its JSON text, and the document itself, checked. */
export type PinnedMetadata = PinnedDocument & { document: MetadataDocument }

/**
 * Checks a document a member sent (its size, then the core's schema, which caps its lists too) and pins it
 * through the pinning part. The document is pinned and kept exactly as sent: never rebuilt, so unknown keys (even
 * `__proto__`, an own key after JSON.parse) stay data, and nothing in it is interpreted.
 */
export async function pinDocument(
  pinning: Pinning | undefined,
  sizeLimit: DocumentSizeLimit,
  document: unknown,
): Promise<PinnedMetadata> {
  if (sizeLimit.exceeds(JSON.stringify(document) ?? '')) throw documentTooLarge(sizeLimit.maxBytes)
  if (!pinning) {
    throw new OrganizationError(
      'pinning_unavailable',
      'No pinning service is set up on this server (set PINATA_JWT or PINNING_API_KEYS).',
    )
  }
  try {
    const pinned = await pinning.pin(document)
    return { ...pinned, document: document as MetadataDocument }
  } catch (error) {
    if (error instanceof InvalidMetadataDocumentError) {
      throw new OrganizationError(
        'invalid_data',
        error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      )
    }
    // Pinata's failure, in the storage client's words; Charter's own service fails as the server itself does.
    if (error instanceof StorageError) throw new OrganizationError('pinning_failed', error.message)
    throw error
  }
}
