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

/** At most this many responsibilities, and as many authorities, in one document. */
const maxListItems = 200

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * A list past its cap is told alone, before anything else is looked at: a list of 10,000 items is not walked to
 * say so, and what to fix first is plain. The first list over its cap is the one named.
 */
const listCaps = z.unknown().superRefine((document, context) => {
  const data = isObject(document) ? document.data : undefined
  if (!isObject(data)) return
  for (const list of ['responsibilities', 'authorities'] as const) {
    const items = data[list]
    if (Array.isArray(items) && items.length > maxListItems) {
      context.addIssue({
        code: 'custom',
        path: ['data', list],
        message: `at most ${maxListItems} items (this document has ${items.length}).`,
      })
      return
    }
  }
})

/**
 * The pinned metadata document of an organisation or a role: `{type: '1.0', data: {name, description?,
 * responsibilities?, authorities?}}`. Links and image URLs are plain strings, as the Hats Protocol app writes
 * them (its documents carry '' for "none"); whoever renders one as a link checks its scheme. Each list holds
 * at most 200 items: the server refuses more, and the editor says so as the member types.
 */
export const metadataDocumentSchema = listCaps.pipe(
  looseObject({
    type: z.literal(metadataDocumentVersion, {
      error: (issue) => (issue.input === undefined ? 'required' : `must be '${metadataDocumentVersion}'`),
    }),
    data: looseObject({
      name: nonBlankText,
      description: optionalText,
      responsibilities: list(responsibilitySchema),
      authorities: list(authoritySchema),
    }),
  }),
)
