import { validatePhoneNumber } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import { OrganizationError } from './OrganizationError.ts'
import { type Env, fromSignature, type OrganizationRouteParts, schemas } from './organizationRouteParts.ts'
import type { InvitedAddress } from './organizationStore.ts'

const email = z.email()

/** The address an admin invites, as invitations keep it: a phone number in E.164, an email in lower case. */
function invitedAddress(body: z.infer<typeof schemas.invite>): InvitedAddress {
  if ('phone_number' in body) {
    const checked = validatePhoneNumber(body.phone_number)
    if (!checked.ok) throw new OrganizationError('invalid_data', `phone_number: ${checked.message}`)
    return { kind: 'phone', value: checked.phone.e164 }
  }
  const value = body.email.trim().toLowerCase()
  if (!email.safeParse(value).success) {
    throw new OrganizationError('invalid_data', 'email: must be an email address, e.g. name@example.org')
  }
  return { kind: 'email', value }
}

/**
 * Invitations: an admin invites by phone number or email, and revokes; whoever signs in with that address sees
 * it, and accepts (once) or declines it.
 */
export function invitationRoutes({ store, access, signed }: OrganizationRouteParts) {
  return new Hono<Env>()
    .post(
      '/organizations/:id/invitations',
      sessionRequired,
      pathParams(schemas.org),
      signed,
      jsonBody(schemas.invite, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id } = c.req.valid('param')
        await access.adminOf(id, userId)
        const body = c.req.valid('json')
        const address = invitedAddress(body)
        return c.json(await store.invite(id, userId, address, body.membership ?? 'member'), 200)
      },
    )
    .delete(
      '/organizations/:id/invitations/:invitation_id',
      sessionRequired,
      pathParams(schemas.invitation),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, invitation_id } = c.req.valid('param')
        await access.adminOf(id, userId)
        return c.json(await store.revokeInvitation(id, invitation_id, userId), 200)
      },
    )
    .get('/invitations', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      return c.json({ invitations: await store.invitationsFor(userId) }, 200)
    })
    .post(
      '/invitations/:invitation_id/accept',
      sessionRequired,
      pathParams(schemas.ownInvitation),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { invitation_id } = c.req.valid('param')
        const row = await store.ownInvitation(invitation_id, userId)
        await store.acceptInvitation(row, userId)
        const mine = await access.memberOrHidden(row.organizationId, userId)
        return c.json(await store.view(row.organizationId, mine), 200)
      },
    )
    .post(
      '/invitations/:invitation_id/decline',
      sessionRequired,
      pathParams(schemas.ownInvitation),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { invitation_id } = c.req.valid('param')
        const row = await store.ownInvitation(invitation_id, userId)
        return c.json(await store.declineInvitation(row, userId), 200)
      },
    )
}
