// What the organisation routes share: the schemas of their bodies and parameters, and what each group is built from.

import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import type { OrganizationAccess } from './organizationAccess.ts'
import type { OrganizationStore } from './organizationStore.ts'
import type { PinnedMetadata } from './pinDocument.ts'

const id = z.string()
const membership = z.enum(['admin', 'member'], { error: "must be 'admin' or 'member'" })

/** What the organisation routes take: bodies and path parameters. */
export const schemas = {
  /** A change that names everything in its path: its signed body is `{}` (or empty), and nothing else. */
  nothing: z.strictObject({}),
  // The document is taken as sent (z.unknown keeps the very value): the pinning part checks it against the
  // core's schema, and it is pinned and kept exactly so.
  document: z.object({ document: z.unknown() }),
  invite: z.union(
    [
      z.strictObject({ phone_number: z.string(), membership: membership.optional() }),
      z.strictObject({ email: z.string().max(320), membership: membership.optional() }),
    ],
    { error: 'send {phone_number} or {email}, and optionally membership' },
  ),
  membership: z.object({ membership }),
  org: z.object({ id }),
  role: z.object({ id, role_id: id }),
  invitation: z.object({ id, invitation_id: id }),
  ownInvitation: z.object({ invitation_id: id }),
  member: z.object({ id, user_id: id }),
  memberRole: z.object({ id, user_id: id, role_id: id }),
}

export type Env = { Variables: SignedRequestVariables }

/** A change's body is the one its signature covered. */
export const fromSignature = { from: 'signed' } as const

/** What each group of organisation routes is built from. */
export type OrganizationRouteParts = {
  store: OrganizationStore
  access: OrganizationAccess
  /** Checks a member's document and pins it (`pinDocument`). */
  pin: (document: unknown) => Promise<PinnedMetadata>
  /** The device-key check every change passes (`signedRequest`); reads go by the session alone. */
  signed: MiddlewareHandler<Env>
}
