import { z } from 'zod'
import { metadataDocumentVersion } from './metadataDocumentVersion.ts'

// Messages are written to follow a field path ('data.name: required'); InvalidMetadataDocumentError joins them.
// Objects are loose at every level: the Hats Protocol app adds keys (eligibility, toggle, guilds, spaces, …)
// that a document must keep through a read and a re-pin.

const text = z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') })

const nonBlankText = text.refine((value) => value.trim() !== '', 'must not be blank')

const optionalText = text.optional()

function looseObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.looseObject(shape, {
    error: (issue) => (issue.input === undefined ? 'required' : 'must be an object'),
  })
}

function list<Item extends z.ZodType>(item: Item) {
  return z.array(item, { error: 'must be a list' }).optional()
}

const responsibilityShape = {
  label: nonBlankText,
  description: optionalText,
  link: optionalText,
  imageUrl: optionalText,
}

const responsibilitySchema = looseObject(responsibilityShape)

const authoritySchema = looseObject({ ...responsibilityShape, gate: optionalText })

/**
 * The pinned metadata document of an organisation or a role: `{type: '1.0', data: {name, description?,
 * responsibilities?, authorities?}}`. Links and image URLs are plain strings, as the Hats Protocol app writes
 * them (its documents carry '' for "none"); whoever renders one as a link checks its scheme.
 */
export const metadataDocumentSchema = looseObject({
  type: z.literal(metadataDocumentVersion, {
    error: (issue) => (issue.input === undefined ? 'required' : `must be '${metadataDocumentVersion}'`),
  }),
  data: looseObject({
    name: nonBlankText,
    description: optionalText,
    responsibilities: list(responsibilitySchema),
    authorities: list(authoritySchema),
  }),
})
