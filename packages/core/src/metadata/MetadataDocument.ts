import type { z } from 'zod'
import type { metadataDocumentSchema } from './metadataDocumentSchema.ts'

/** A metadata document; unknown keys are typed `unknown` and kept. */
export type MetadataDocument = z.infer<typeof metadataDocumentSchema>

export type MetadataResponsibility = NonNullable<MetadataDocument['data']['responsibilities']>[number]

export type MetadataAuthority = NonNullable<MetadataDocument['data']['authorities']>[number]
