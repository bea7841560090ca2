export type FieldChange = { path: string; before: string | undefined; after: string | undefined }

/** Every leaf of a JSON value by the path a person reads ('data.responsibilities[0].label'), as text. */
function flatten(value: unknown, path: string, into: Map<string, string>) {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) flatten(item, `${path}[${index}]`, into)
  } else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, into)
  else into.set(path, typeof value === 'string' ? value : JSON.stringify(value))
}

/** What differs between two documents, field by field, in the order the fields appear. */
export function diffDocuments(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, string>()
  const b = new Map<string, string>()
  flatten(before, '', a)
  flatten(after, '', b)
  const paths = [...new Set([...a.keys(), ...b.keys()])]
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => ({ path, before: a.get(path), after: b.get(path) }))
}
