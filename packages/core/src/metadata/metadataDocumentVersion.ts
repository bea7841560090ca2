/** The `type` every pinned metadata document carries (the version the Hats Protocol app writes too). */
export const metadataDocumentVersion = '1.0'
