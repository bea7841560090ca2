// What the organisation routes share: the schemas of their bodies and parameters, and what each group is built from.

import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import type { InvitationDelivery } from './invitationDelivery.ts'
import type { OrganizationAccess } from './organizationAccess.ts'
import type { OrganizationStore } from './organizationStore.ts'
import type { PinnedMetadata } from './pinDocument.ts'

const id = z.string()
const membership = z.enum(['admin', 'member'], { error: "must be 'admin' or 'member'" })
// Checked whole by `checkDisplayName`, whose words say what to change; this only bounds what is read.
const displayName = z.string({ error: 'must be the name you go by, as text' }).max(1000)

/** What the organisation routes take: bodies and path parameters. */
export const schemas = {
  /** A change that names everything in its path: its signed body is `{}` (or empty), and nothing else. */
  nothing: z.strictObject({}),
  // The document is taken as sent (z.unknown keeps the very value): the pinning part checks it against the
  // core's schema, and it is pinned and kept exactly so.
  // The creator's own name may come with a new organisation's document (`display_name`).
  document: z.object({ document: z.unknown(), display_name: displayName.optional() }),
  invite: z.union(
    [
      z.strictObject({
        phone_number: z.string(),
        membership: membership.optional(),
        name: displayName.optional(),
      }),
      z.strictObject({
        email: z.string().max(320),
        membership: membership.optional(),
        name: displayName.optional(),
      }),
    ],
    { error: 'send {phone_number} or {email}, and optionally membership and name' },
  ),
  /** Accepting an invitation: the member's own name may come with it. */
  accept: z.strictObject({ display_name: displayName.optional() }),
  /** A member's own name. */
  displayName: z.strictObject({ display_name: displayName }),
  /** An invitation link's token, as the page read it from the link (43 characters of base64url). */
  link: z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of an invitation link'),
  }),
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
  db: Db
  store: OrganizationStore
  access: OrganizationAccess
  /** Checks a member's document and pins it (`pinDocument`). */
  pin: (document: unknown) => Promise<PinnedMetadata>
  /** The device-key check every change passes (`signedRequest`); reads go by the session alone. */
  signed: MiddlewareHandler<Env>
  /** Throttles and sends invitations' texts and emails. */
  delivery: InvitationDelivery
  /** The origin an invitation's link opens: PUBLIC_URL's, else the one the request came to. */
  linkOrigin: (requestUrl: string) => string
  /** The caller's IP address, as TRUST_PROXY reads it (`http/clientAddress.ts`). */
  clientOf: (c: Context) => string
}
