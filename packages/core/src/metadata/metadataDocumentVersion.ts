/** The `type` every pinned metadata document carries (the spec's and the Hats Protocol app's version). */
export const metadataDocumentVersion = '1.0'
