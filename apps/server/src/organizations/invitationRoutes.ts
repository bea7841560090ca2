import { validatePhoneNumber } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import {
  invitationLifetimeDays,
  invitationLink,
  invitationMessage,
  linkDigest,
  newLinkToken,
} from './invitationDelivery.ts'
import { assertNameFree, checkDisplayName, displayNameOf, setDisplayName } from './memberNames.ts'
import { invitationUsed, OrganizationError } from './OrganizationError.ts'
import { type Env, fromSignature, type OrganizationRouteParts, schemas } from './organizationRouteParts.ts'
import type { InvitedAddress } from './organizationStore.ts'
import { labels } from './organizationViews.ts'

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

const linkNotWorking = () =>
  new OrganizationError(
    'not_found',
    'This invitation link does not work: it was replaced by a newer one, or only part of it was copied. Ask whoever invited you to send it again.',
  )
const forSomeoneElse = () =>
  new OrganizationError('forbidden', 'This invitation is for another phone number or email.')

/**
 * Sends an invitation's link, fresh each time (the old one stops working): `saveLink` keeps its digest and answers
 * the invitation's id. The message names the organisation and whoever sends it. Answers the invitation's id.
 */
async function sendLink(
  parts: Pick<OrganizationRouteParts, 'db' | 'store' | 'delivery'>,
  request: { senderId: string; address: InvitedAddress; origin: string },
  saveLink: (link: { digest: string; expiresAt: Date }) => Promise<string>,
): Promise<string> {
  const { token, digest } = newLinkToken()
  const expiresAt = new Date(Date.now() + invitationLifetimeDays * 24 * 3600 * 1000)
  const invitationId = await saveLink({ digest, expiresAt })
  const [saved, sender] = await Promise.all([
    parts.store.invitation(invitationId),
    // The invitee is no colleague yet: the inviter's name, else their masked number or their email.
    labels(parts.db, [request.senderId], 'invitee'),
  ])
  const delivery = await parts.delivery.send(
    request.address,
    invitationMessage({
      kind: request.address.kind,
      organizationName: saved.organization_name,
      inviterLabel: sender.get(request.senderId) ?? 'A member',
      link: invitationLink(request.origin, token),
      expiresAt,
    }),
  )
  await parts.store.recordDelivery(invitationId, delivery)
  return invitationId
}

/**
 * Invitations: an admin invites by phone number or email, and the invitation's link goes out by text or email
 * (throttled per client address with sign-in codes, per inviter, organisation and address, per address across
 * organisations, and the server's texts per day); the admin resends
 * or revokes it. Whoever signs in with that address opens the link or finds it on their home, and accepts
 * (once) or declines it; anyone else opening the link learns only that it is for someone else.
 */
export function invitationRoutes({
  db,
  store,
  access,
  signed,
  delivery,
  linkOrigin,
  clientOf,
}: OrganizationRouteParts) {
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
        const inviteeName =
          body.name === undefined || body.name.trim() === '' ? null : checkDisplayName(body.name)
        delivery.checkReachable(address)
        await delivery.throttle(userId, id, address, clientOf(c))
        const invitationId = await sendLink(
          { db, store, delivery },
          { senderId: userId, address, origin: linkOrigin(c.req.url) },
          (link) => store.invite(id, userId, address, body.membership ?? 'member', inviteeName, link),
        )
        return c.json(await store.invitation(invitationId), 200)
      },
    )
    .post(
      '/organizations/:id/invitations/:invitation_id/resend',
      sessionRequired,
      pathParams(schemas.invitation),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, invitation_id } = c.req.valid('param')
        await access.adminOf(id, userId)
        // Only an invitation still waiting is sent again, and that is known before its address is counted.
        const found = await store.invitationIn(id, invitation_id)
        if (found.status !== 'pending' && found.status !== 'expired') throw invitationUsed(found.status)
        const address: InvitedAddress = { kind: found.address_kind, value: found.address }
        delivery.checkReachable(address)
        await delivery.throttle(userId, id, address, clientOf(c))
        await sendLink(
          { db, store, delivery },
          { senderId: userId, address, origin: linkOrigin(c.req.url) },
          async (link) => {
            await store.relink(id, invitation_id, link)
            return invitation_id
          },
        )
        return c.json(await store.invitation(invitation_id), 200)
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
    .get('/invitations/link/:token', sessionRequired, pathParams(schemas.link), async (c) => {
      const { userId } = requireSession(c)
      const found = await store.byLink(linkDigest(c.req.valid('param').token))
      if (!found) throw linkNotWorking()
      // Someone else signed in learns nothing of it: not the organisation, not who invited, not its state.
      if (!(await store.isAddressOf(userId, { kind: found.kind, value: found.value }))) throw forSomeoneElse()
      return c.json(await store.invitation(found.id, 'invitee'), 200)
    })
    .post(
      '/invitations/:invitation_id/accept',
      sessionRequired,
      pathParams(schemas.ownInvitation),
      signed,
      jsonBody(schemas.accept, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { invitation_id } = c.req.valid('param')
        const given = c.req.valid('json').display_name
        const name = given === undefined ? undefined : checkDisplayName(given)
        const row = await store.ownInvitation(invitation_id, userId)
        // Only a name that differs from the member's own is a change: a form that read the name before it was
        // set elsewhere (another tab) and sends it back unchanged changes nothing. A name someone in the
        // organisation already goes by is refused before the invitation is accepted, so nothing is half done.
        const newName = name !== undefined && name !== (await displayNameOf(db, userId)) ? name : undefined
        if (newName !== undefined) await assertNameFree(db, userId, newName, row.organizationId)
        await store.acceptInvitation(row, userId)
        if (newName !== undefined) await setDisplayName(db, userId, newName)
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
