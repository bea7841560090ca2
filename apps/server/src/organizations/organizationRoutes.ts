import { randomUUID } from 'node:crypto'
import { validatePhoneNumber } from '@charter/core'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import {
  documentVersions,
  identities,
  invitations,
  organizationMembers,
  organizations,
  roleAssignments,
  roles,
} from '../db/schema.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import type { DocumentSizeLimit } from '../pinning/documentSizeLimit.ts'
import { type Pinning, publicGateway } from '../pinning/Pinning.ts'
import { adminsOnly, noSuchOrganization, OrganizationError } from './OrganizationError.ts'
import {
  historyOf,
  invitationsWhere,
  type Membership,
  membershipOf,
  membersOf,
  organizationView,
  rolesOf,
} from './organizationViews.ts'
import { pinDocument } from './pinDocument.ts'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const id = z.string()
const membership = z.enum(['admin', 'member'], { error: "must be 'admin' or 'member'" })
const schemas = {
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

const email = z.email()

type Env = { Variables: SignedRequestVariables }

/** A change's body is the one its signature covered. */
const fromSignature = { from: 'signed' } as const

/**
 * Organisations, their roles and members, and invitations (docs/organizations.md). Whoever is not a member of an
 * organisation hears it does not exist (404) on every route naming it; a member who is not an admin may read but
 * not change (403). Every change is one transaction; those that could leave an organisation without an admin lock
 * its row first, so two admins demoting each other at once cannot both succeed.
 */
export function organizationRoutes(options: {
  db: Db
  /** The pinning part's adapter; undefined when this server has none (a change with a document is then 503). */
  pinning: Pinning | undefined
  sizeLimit: DocumentSizeLimit
  /** The device-key check every change passes (`signedRequest`); reads go by the session alone. */
  signed: MiddlewareHandler<Env>
}) {
  const { db, pinning, sizeLimit, signed } = options
  const gatewayUrl = (cid: string) => pinning?.gatewayUrl(cid) ?? `${publicGateway}/ipfs/${cid}`

  /** The caller's membership of an organisation; 404 for anyone else, whether or not it exists. */
  const memberOrHidden = async (organizationId: string, userId: string): Promise<Membership> => {
    if (!uuid.test(organizationId)) throw noSuchOrganization()
    const found = await membershipOf(db, organizationId, userId)
    if (!found) throw noSuchOrganization()
    return found.membership
  }
  const adminOf = async (organizationId: string, userId: string) => {
    if ((await memberOrHidden(organizationId, userId)) !== 'admin') throw adminsOnly()
  }
  const noSuchRole = () => new OrganizationError('not_found', 'There is no such role in this organisation.')
  const liveRole = async (tx: Db, organizationId: string, roleId: string) => {
    if (!uuid.test(roleId)) throw noSuchRole()
    const [row] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.organizationId, organizationId), isNull(roles.deletedAt)))
    if (!row) throw noSuchRole()
  }
  const notAMember = () =>
    new OrganizationError('not_found', 'That person is not a member of this organisation.')
  /** Locks the organisation's row: membership changes of one organisation happen one after the other. */
  const lockOrganization = (tx: Db, organizationId: string) =>
    tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update')
  const adminCount = async (tx: Db, organizationId: string) => {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.membership, 'admin'),
          isNull(organizationMembers.removedAt),
        ),
      )
    return row?.count ?? 0
  }
  const lastAdmin = (what: string) =>
    new OrganizationError(
      'invalid_data',
      `The last admin cannot ${what}: make another member an admin first.`,
    )
  const oneMember = async (organizationId: string, userId: string) => {
    const [member] = await membersOf(db, organizationId, userId)
    if (!member) throw notAMember()
    return member
  }
  const oneRole = async (organizationId: string, roleId: string) => {
    const [role] = await rolesOf(db, gatewayUrl, organizationId, [roleId])
    if (!role) throw noSuchRole()
    return role
  }
  /** The caller's sign-in addresses, as invitations keep them. */
  const addressesOf = async (userId: string) => {
    const rows = await db
      .select({ kind: identities.kind, value: identities.value })
      .from(identities)
      .where(eq(identities.userId, userId))
    // Invitations go to a phone number or an email address, never to a wallet.
    return rows.flatMap((row) => (row.kind === 'wallet' ? [] : [{ kind: row.kind, value: row.value }]))
  }
  const forAddresses = (addresses: { kind: 'phone' | 'email'; value: string }[]) =>
    or(
      ...addresses.map((each) =>
        and(eq(invitations.addressKind, each.kind), eq(invitations.address, each.value)),
      ),
    )
  /** An invitation to one of the caller's own addresses; 404 for any other, used or not. */
  const ownInvitation = async (invitationId: string, userId: string) => {
    const noSuch = new OrganizationError('not_found', 'There is no such invitation for you.')
    if (!uuid.test(invitationId)) throw noSuch
    const addresses = await addressesOf(userId)
    if (addresses.length === 0) throw noSuch
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), forAddresses(addresses)))
    if (!row) throw noSuch
    return row
  }
  const used = (status: string) =>
    new OrganizationError('conflict', `This invitation was already ${status}; ask an admin for a new one.`)

  return new Hono<Env>()
    .post('/organizations', sessionRequired, signed, jsonBody(schemas.document, fromSignature), async (c) => {
      const { userId } = requireSession(c)
      const pinned = await pinDocument(pinning, sizeLimit, c.req.valid('json').document)
      const organizationId = randomUUID()
      await db.transaction(async (tx) => {
        await tx
          .insert(organizations)
          .values({ id: organizationId, name: pinned.document.data.name, cid: pinned.cid, createdBy: userId })
        await tx.insert(organizationMembers).values({ organizationId, userId, membership: 'admin' })
        await tx
          .insert(documentVersions)
          .values({ organizationId, cid: pinned.cid, document: pinned.text, changedBy: userId })
      })
      return c.json(await organizationView(db, gatewayUrl, organizationId, 'admin'), 200)
    })
    .get('/organizations', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          cid: organizations.cid,
          my_membership: organizationMembers.membership,
        })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.removedAt)))
        .orderBy(organizations.name, organizations.id)
      return c.json({ organizations: rows }, 200)
    })
    .get('/organizations/:id', sessionRequired, pathParams(schemas.org), async (c) => {
      const { userId } = requireSession(c)
      const { id } = c.req.valid('param')
      const mine = await memberOrHidden(id, userId)
      return c.json(await organizationView(db, gatewayUrl, id, mine), 200)
    })
    .put(
      '/organizations/:id/document',
      sessionRequired,
      pathParams(schemas.org),
      signed,
      jsonBody(schemas.document, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id } = c.req.valid('param')
        await adminOf(id, userId)
        const pinned = await pinDocument(pinning, sizeLimit, c.req.valid('json').document)
        await db.transaction(async (tx) => {
          await tx
            .update(organizations)
            .set({ name: pinned.document.data.name, cid: pinned.cid, updatedAt: new Date() })
            .where(eq(organizations.id, id))
          await tx
            .insert(documentVersions)
            .values({ organizationId: id, cid: pinned.cid, document: pinned.text, changedBy: userId })
        })
        return c.json(await organizationView(db, gatewayUrl, id, 'admin'), 200)
      },
    )
    .get('/organizations/:id/history', sessionRequired, pathParams(schemas.org), async (c) => {
      const { userId } = requireSession(c)
      const { id } = c.req.valid('param')
      await memberOrHidden(id, userId)
      return c.json({ versions: await historyOf(db, id, null) }, 200)
    })
    .post(
      '/organizations/:id/roles',
      sessionRequired,
      pathParams(schemas.org),
      signed,
      jsonBody(schemas.document, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id } = c.req.valid('param')
        await adminOf(id, userId)
        const pinned = await pinDocument(pinning, sizeLimit, c.req.valid('json').document)
        const roleId = randomUUID()
        await db.transaction(async (tx) => {
          await tx
            .insert(roles)
            .values({ id: roleId, organizationId: id, name: pinned.document.data.name, cid: pinned.cid })
          await tx
            .insert(documentVersions)
            .values({ organizationId: id, roleId, cid: pinned.cid, document: pinned.text, changedBy: userId })
        })
        return c.json(await oneRole(id, roleId), 200)
      },
    )
    .put(
      '/organizations/:id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.role),
      signed,
      jsonBody(schemas.document, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, role_id } = c.req.valid('param')
        await adminOf(id, userId)
        await liveRole(db, id, role_id)
        const pinned = await pinDocument(pinning, sizeLimit, c.req.valid('json').document)
        await db.transaction(async (tx) => {
          const changed = await tx
            .update(roles)
            .set({ name: pinned.document.data.name, cid: pinned.cid, updatedAt: new Date() })
            .where(and(eq(roles.id, role_id), eq(roles.organizationId, id), isNull(roles.deletedAt)))
            .returning({ id: roles.id })
          if (changed.length === 0) throw noSuchRole()
          await tx.insert(documentVersions).values({
            organizationId: id,
            roleId: role_id,
            cid: pinned.cid,
            document: pinned.text,
            changedBy: userId,
          })
        })
        return c.json(await oneRole(id, role_id), 200)
      },
    )
    .delete(
      '/organizations/:id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.role),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, role_id } = c.req.valid('param')
        await adminOf(id, userId)
        if (!uuid.test(role_id)) throw noSuchRole()
        await db.transaction(async (tx) => {
          const now = new Date()
          const deleted = await tx
            .update(roles)
            .set({ deletedAt: now })
            .where(and(eq(roles.id, role_id), eq(roles.organizationId, id), isNull(roles.deletedAt)))
            .returning({ id: roles.id })
          if (deleted.length === 0) throw noSuchRole()
          await tx
            .update(roleAssignments)
            .set({ endedAt: now })
            .where(and(eq(roleAssignments.roleId, role_id), isNull(roleAssignments.endedAt)))
        })
        return c.body(null, 204)
      },
    )
    .get(
      '/organizations/:id/roles/:role_id/history',
      sessionRequired,
      pathParams(schemas.role),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, role_id } = c.req.valid('param')
        await memberOrHidden(id, userId)
        if (!uuid.test(role_id)) throw noSuchRole()
        const [role] = await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.id, role_id), eq(roles.organizationId, id)))
        if (!role) throw noSuchRole()
        return c.json({ versions: await historyOf(db, id, role_id) }, 200)
      },
    )
    .post(
      '/organizations/:id/invitations',
      sessionRequired,
      pathParams(schemas.org),
      signed,
      jsonBody(schemas.invite, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id } = c.req.valid('param')
        await adminOf(id, userId)
        const body = c.req.valid('json')
        let address: { kind: 'phone' | 'email'; value: string }
        if ('phone_number' in body) {
          const checked = validatePhoneNumber(body.phone_number)
          if (!checked.ok) throw new OrganizationError('invalid_data', `phone_number: ${checked.message}`)
          address = { kind: 'phone', value: checked.phone.e164 }
        } else {
          const value = body.email.trim().toLowerCase()
          if (!email.safeParse(value).success) {
            throw new OrganizationError(
              'invalid_data',
              'email: must be an email address, e.g. name@example.org',
            )
          }
          address = { kind: 'email', value }
        }
        const invitationId = randomUUID()
        await db.insert(invitations).values({
          id: invitationId,
          organizationId: id,
          addressKind: address.kind,
          address: address.value,
          membership: body.membership ?? 'member',
          invitedBy: userId,
        })
        const [invitation] = await invitationsWhere(db, and(eq(invitations.id, invitationId)))
        return c.json(invitation as NonNullable<typeof invitation>, 200)
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
        await adminOf(id, userId)
        const noSuch = new OrganizationError('not_found', 'There is no such invitation in this organisation.')
        if (!uuid.test(invitation_id)) throw noSuch
        const [row] = await db
          .select({ status: invitations.status })
          .from(invitations)
          .where(and(eq(invitations.id, invitation_id), eq(invitations.organizationId, id)))
        if (!row) throw noSuch
        const revoked = await db
          .update(invitations)
          .set({ status: 'revoked', decidedAt: new Date(), decidedBy: userId })
          .where(and(eq(invitations.id, invitation_id), eq(invitations.status, 'pending')))
          .returning({ id: invitations.id })
        if (revoked.length === 0) throw used(row.status)
        const [invitation] = await invitationsWhere(db, and(eq(invitations.id, invitation_id)))
        return c.json(invitation as NonNullable<typeof invitation>, 200)
      },
    )
    .get('/invitations', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      const addresses = await addressesOf(userId)
      if (addresses.length === 0) return c.json({ invitations: [] }, 200)
      return c.json(
        {
          invitations: await invitationsWhere(
            db,
            and(eq(invitations.status, 'pending'), forAddresses(addresses)),
          ),
        },
        200,
      )
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
        const row = await ownInvitation(invitation_id, userId)
        const joined = await db.transaction(async (tx) => {
          await lockOrganization(tx, row.organizationId)
          // Single use: only a pending invitation turns accepted, whichever request gets here first.
          const taken = await tx
            .update(invitations)
            .set({ status: 'accepted', decidedAt: new Date(), decidedBy: userId })
            .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
            .returning({ id: invitations.id })
          if (taken.length === 0) return false
          const already = await membershipOf(tx, row.organizationId, userId)
          if (!already) {
            await tx
              .insert(organizationMembers)
              .values({ organizationId: row.organizationId, userId, membership: row.membership })
          } else if (row.membership === 'admin' && already.membership !== 'admin') {
            await tx
              .update(organizationMembers)
              .set({ membership: 'admin' })
              .where(eq(organizationMembers.id, already.id))
          }
          return true
        })
        if (!joined) {
          const [now] = await db
            .select({ status: invitations.status })
            .from(invitations)
            .where(eq(invitations.id, row.id))
          throw used(now?.status ?? row.status)
        }
        const mine = await memberOrHidden(row.organizationId, userId)
        return c.json(await organizationView(db, gatewayUrl, row.organizationId, mine), 200)
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
        const row = await ownInvitation(invitation_id, userId)
        const declined = await db
          .update(invitations)
          .set({ status: 'declined', decidedAt: new Date(), decidedBy: userId })
          .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
          .returning({ id: invitations.id })
        if (declined.length === 0) throw used(row.status)
        const [invitation] = await invitationsWhere(db, and(eq(invitations.id, row.id)))
        return c.json(invitation as NonNullable<typeof invitation>, 200)
      },
    )
    .put(
      '/organizations/:id/members/:user_id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.memberRole),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id, role_id } = c.req.valid('param')
        await adminOf(id, userId)
        await db.transaction(async (tx) => {
          await lockOrganization(tx, id)
          await liveRole(tx, id, role_id)
          if (!(await membershipOf(tx, id, user_id))) throw notAMember()
          const [held] = await tx
            .select({ id: roleAssignments.id })
            .from(roleAssignments)
            .where(
              and(
                eq(roleAssignments.roleId, role_id),
                eq(roleAssignments.userId, user_id),
                isNull(roleAssignments.endedAt),
              ),
            )
          if (!held) {
            await tx
              .insert(roleAssignments)
              .values({ organizationId: id, roleId: role_id, userId: user_id, assignedBy: userId })
          }
        })
        return c.json(await oneMember(id, user_id), 200)
      },
    )
    .delete(
      '/organizations/:id/members/:user_id/roles/:role_id',
      sessionRequired,
      pathParams(schemas.memberRole),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id, role_id } = c.req.valid('param')
        await adminOf(id, userId)
        await db.transaction(async (tx) => {
          await lockOrganization(tx, id)
          await liveRole(tx, id, role_id)
          if (!(await membershipOf(tx, id, user_id))) throw notAMember()
          await tx
            .update(roleAssignments)
            .set({ endedAt: new Date() })
            .where(
              and(
                eq(roleAssignments.roleId, role_id),
                eq(roleAssignments.userId, user_id),
                isNull(roleAssignments.endedAt),
              ),
            )
        })
        return c.json(await oneMember(id, user_id), 200)
      },
    )
    .patch(
      '/organizations/:id/members/:user_id',
      sessionRequired,
      pathParams(schemas.member),
      signed,
      jsonBody(schemas.membership, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id } = c.req.valid('param')
        const wanted = c.req.valid('json').membership
        await adminOf(id, userId)
        await db.transaction(async (tx) => {
          // Locked first: two admins demoting each other at once are counted one after the other.
          await lockOrganization(tx, id)
          const member = await membershipOf(tx, id, user_id)
          if (!member) throw notAMember()
          if (member.membership === wanted) return
          // The caller may have been demoted by a request that committed while this one waited for the lock.
          const caller = await membershipOf(tx, id, userId)
          if (caller?.membership !== 'admin') throw adminsOnly()
          if (wanted === 'member' && (await adminCount(tx, id)) <= 1) throw lastAdmin('be demoted')
          await tx
            .update(organizationMembers)
            .set({ membership: wanted })
            .where(eq(organizationMembers.id, member.id))
        })
        return c.json(await oneMember(id, user_id), 200)
      },
    )
    .delete(
      '/organizations/:id/members/:user_id',
      sessionRequired,
      pathParams(schemas.member),
      signed,
      jsonBody(schemas.nothing, fromSignature),
      async (c) => {
        const { userId } = requireSession(c)
        const { id, user_id } = c.req.valid('param')
        const mine = await memberOrHidden(id, userId)
        // A member may leave; only an admin removes someone else.
        if (user_id !== userId && mine !== 'admin') throw adminsOnly()
        await db.transaction(async (tx) => {
          await lockOrganization(tx, id)
          const member = await membershipOf(tx, id, user_id)
          if (!member) throw notAMember()
          if (user_id !== userId) {
            const caller = await membershipOf(tx, id, userId)
            if (caller?.membership !== 'admin') throw adminsOnly()
          }
          if (member.membership === 'admin' && (await adminCount(tx, id)) <= 1) {
            throw lastAdmin(user_id === userId ? 'leave' : 'be removed')
          }
          const now = new Date()
          await tx
            .update(organizationMembers)
            .set({ removedAt: now })
            .where(eq(organizationMembers.id, member.id))
          // Their roles end with their membership; the assignments stay as history.
          await tx
            .update(roleAssignments)
            .set({ endedAt: now })
            .where(
              and(
                eq(roleAssignments.organizationId, id),
                eq(roleAssignments.userId, user_id),
                isNull(roleAssignments.endedAt),
              ),
            )
        })
        return c.body(null, 204)
      },
    )
    .get('/my_roles', sessionRequired, async (c) => {
      const { userId } = requireSession(c)
      const held = await db
        .select({
          organizationId: organizations.id,
          organizationName: organizations.name,
          roleId: roleAssignments.roleId,
        })
        .from(roleAssignments)
        .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
        .innerJoin(
          organizationMembers,
          and(
            eq(organizationMembers.organizationId, roleAssignments.organizationId),
            eq(organizationMembers.userId, userId),
            isNull(organizationMembers.removedAt),
          ),
        )
        .where(and(eq(roleAssignments.userId, userId), isNull(roleAssignments.endedAt)))
        .orderBy(organizations.name, roleAssignments.id)
      const out: { organization: { id: string; name: string }; role: Awaited<ReturnType<typeof oneRole>> }[] =
        []
      const byOrganization = new Map<string, string[]>()
      for (const each of held)
        byOrganization.set(each.organizationId, [
          ...(byOrganization.get(each.organizationId) ?? []),
          each.roleId,
        ])
      for (const [organizationId, roleIds] of byOrganization) {
        const found = await rolesOf(db, gatewayUrl, organizationId, roleIds)
        const name = held.find((each) => each.organizationId === organizationId)?.organizationName ?? ''
        for (const role of found) out.push({ organization: { id: organizationId, name }, role })
      }
      return c.json({ roles: out }, 200)
    })
}
