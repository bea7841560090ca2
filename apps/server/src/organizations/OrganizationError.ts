import { BaseError } from '@charter/core'

export type OrganizationErrorCode =
  | 'not_found'
  | 'forbidden'
  | 'invalid_data'
  | 'conflict'
  | 'payload_too_large'
  | 'pinning_failed'
  | 'pinning_unavailable'

const statuses = {
  not_found: 404,
  forbidden: 403,
  invalid_data: 400,
  conflict: 409,
  payload_too_large: 413,
  // Pinata failed us: an upstream failure, not ours.
  pinning_failed: 502,
  pinning_unavailable: 503,
} as const satisfies Record<OrganizationErrorCode, number>

/** A refusal of an organisation route: `{error, code}` with its status. */
export class OrganizationError extends BaseError {
  override name = 'OrganizationError'
  declare readonly code: OrganizationErrorCode
  readonly status: number

  constructor(code: OrganizationErrorCode, message: string) {
    super(message, { code })
    this.status = statuses[code]
  }
}

export const noSuchOrganization = () => new OrganizationError('not_found', 'There is no such organisation.')
export const adminsOnly = () =>
  new OrganizationError('forbidden', 'Only an admin of this organisation can do that.')
export const noSuchRole = () =>
  new OrganizationError('not_found', 'There is no such role in this organisation.')
export const notAMember = () =>
  new OrganizationError('not_found', 'That person is not a member of this organisation.')
export const lastAdmin = (what: string) =>
  new OrganizationError('invalid_data', `The last admin cannot ${what}: make another member an admin first.`)
export const invitationUsed = (status: string) =>
  new OrganizationError('conflict', `This invitation was already ${status}; ask an admin for a new one.`)
export const invitationExpired = (organizationName: string) =>
  new OrganizationError(
    'conflict',
    `This invitation has expired; ask an admin of ${organizationName} to send it again.`,
  )
/** Said to a member: the figure they must stay under, in the units a person reads, and no setting's name. */
export const documentTooLarge = (maxBytes: number) =>
  new OrganizationError(
    'payload_too_large',
    `The document is too large to publish: keep it under ${sizeInWords(maxBytes)}.`,
  )

/** "1 MB", "500 KB": a size as a person reads it. */
function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.floor((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`
  return `${bytes} bytes`
}
