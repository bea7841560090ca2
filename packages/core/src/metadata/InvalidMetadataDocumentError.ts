import type { z } from 'zod'
import { BaseError } from '../errors/BaseError.ts'

export type MetadataDocumentIssue = {
  /** Where, as a person would write it: 'data.responsibilities[0].label'; 'document' for the whole. */
  path: string
  message: string
}

/**
 * A metadata document that does not match the schema. `shortMessage` names the first wrong field
 * ('data.name: required'); the other issues go to `details` and `issues`.
 */
export class InvalidMetadataDocumentError extends BaseError {
  override name = 'InvalidMetadataDocumentError'
  readonly issues: readonly MetadataDocumentIssue[]

  constructor(error: z.ZodError) {
    const issues = error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }))
    const [first = { path: 'document', message: 'is not valid' }, ...others] = issues
    super(`${first.path}: ${first.message}`, {
      details:
        others.length > 0 ? others.map((issue) => `${issue.path}: ${issue.message}`).join('; ') : undefined,
      cause: error,
      code: 'invalid_metadata_document',
    })
    this.issues = issues
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let formatted = 'document'
  for (const key of path) {
    if (typeof key === 'number') formatted += `[${key}]`
    else formatted = formatted === 'document' ? String(key) : `${formatted}.${String(key)}`
  }
  return formatted
}
