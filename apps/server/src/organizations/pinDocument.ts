import { InvalidMetadataDocumentError, type MetadataDocument, StorageError } from '@charter/core'
import type { DocumentSizeLimit } from '../pinning/documentSizeLimit.ts'
import type { PinnedDocument, Pinning } from '../pinning/Pinning.ts'
import { documentTooLarge, OrganizationError } from './OrganizationError.ts'

/** A member's document as pinned: its CID, its JSON text, and the document itself, checked. */
export type PinnedMetadata = PinnedDocument & { document: MetadataDocument }

/** At most this many responsibilities, and as many authorities, in one document. */
export const maxListItems = 200

/**
 * Checks a document a member sent (size, list lengths, the core's schema) and pins it through the pinning part.
 * The document is pinned and kept exactly as sent: never rebuilt, so unknown keys (even `__proto__`, an own key
 * after JSON.parse) stay data, and nothing in it is interpreted.
 */
export async function pinDocument(
  pinning: Pinning | undefined,
  sizeLimit: DocumentSizeLimit,
  document: unknown,
): Promise<PinnedMetadata> {
  if (sizeLimit.exceeds(JSON.stringify(document) ?? '')) throw documentTooLarge(sizeLimit.maxBytes)
  const data = (document as { data?: Record<string, unknown> } | null)?.data
  for (const list of ['responsibilities', 'authorities'] as const) {
    const items = data && typeof data === 'object' ? data[list] : undefined
    if (Array.isArray(items) && items.length > maxListItems) {
      throw new OrganizationError(
        'invalid_data',
        `data.${list}: at most ${maxListItems} items (this document has ${items.length}).`,
      )
    }
  }
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
