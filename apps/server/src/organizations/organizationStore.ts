import { randomUUID } from 'node:crypto'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import {
  documentVersions,
  identities,
  invitationLinks,
  invitations,
  organizationMembers,
  organizations,
  roleAssignments,
  roles,
} from '../db/schema.ts'
import {
  adminsOnly,
  invitationExpired,
  invitationUsed,
  lastAdmin,
  noSuchRole,
  notAMember,
  OrganizationError,
} from './OrganizationError.ts'
import {
  type GatewayUrl,
  historyOf,
  type Invitation,
  invitationsWhere,
  type Membership,
  membershipOf,
  membersOf,
  organizationView,
  type Role,
  rolesOf,
  type ShownTo,
} from './organizationViews.ts'
import type { PinnedMetadata } from './pinDocument.ts'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** An address an invitation goes to: a phone number (E.164) or an email address (lower case). */
export type InvitedAddress = { kind: 'phone' | 'email'; value: string }

/** A new link of an invitation: the digest of its token, and when it stops working. */
export type NewLink = { digest: string; expiresAt: Date }

/** An invitation's row, as `ownInvitation` finds it. */
type InvitationRow = typeof invitations.$inferSelect

export type OrganizationStore = ReturnType<typeof organizationStore>

/**
 * Every query of the organisation routes: each change is one transaction; those that could leave an organisation
 * without an admin lock its row first, so two admins demoting each other at once cannot both succeed. The
 * answers are read as `organizationViews.ts` shapes them. Refusals found in the data (no such role, not a member,
 * the last admin) are thrown as OrganizationError.
 */
export function organizationStore({ db, gatewayUrl }: { db: Db; gatewayUrl: GatewayUrl }) {
  /** Every document version, the organisation's (no role) or a role's, is kept: who changed it, to what. */
  const recordVersion = (
    tx: Db,
    version: { organizationId: string; roleId?: string; pinned: PinnedMetadata; changedBy: string },
  ) =>
    tx.insert(documentVersions).values({
      organizationId: version.organizationId,
      roleId: version.roleId,
      cid: version.pinned.cid,
      document: version.pinned.text,
      changedBy: version.changedBy,
    })

  /** A role of the organisation that is not deleted; 404 for any other. */
  const liveRole = async (tx: Db, organizationId: string, roleId: string) => {
    if (!uuid.test(roleId)) throw noSuchRole()
    const [row] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.organizationId, organizationId), isNull(roles.deletedAt)))
    if (!row) throw noSuchRole()
  }

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

  /** The caller's sign-in addresses, as invitations keep them. */
  const addressesOf = async (userId: string): Promise<InvitedAddress[]> => {
    const rows = await db
      .select({ kind: identities.kind, value: identities.value })
      .from(identities)
      .where(eq(identities.userId, userId))
    // Invitations go to a phone number or an email address, never to a wallet.
    return rows.flatMap((row) => (row.kind === 'wallet' ? [] : [{ kind: row.kind, value: row.value }]))
  }

  const forAddresses = (addresses: InvitedAddress[]) =>
    or(
      ...addresses.map((each) =>
        and(eq(invitations.addressKind, each.kind), eq(invitations.address, each.value)),
      ),
    )

  /** One invitation as the routes answer it, to an admin (`colleague`) or to its `invitee`. */
  const invitation = async (invitationId: string, shownTo: ShownTo = 'colleague'): Promise<Invitation> => {
    const [found] = await invitationsWhere(db, eq(invitations.id, invitationId), shownTo)
    return found as Invitation
  }

  return {
    /** The member's current membership of an organisation, if any (an id that is not a UUID: none). */
    membership: async (organizationId: string, userId: string): Promise<Membership | undefined> => {
      if (!uuid.test(organizationId)) return undefined
      return (await membershipOf(db, organizationId, userId))?.membership
    },

    /** The organisation as a member with `membership` sees it. */
    view: (organizationId: string, membership: Membership) =>
      organizationView(db, gatewayUrl, organizationId, membership),

    /** The organisations the member belongs to, by name. */
    organizationsOf: (userId: string) =>
      db
        .select({
          id: organizations.id,
          name: organizations.name,
          cid: organizations.cid,
          my_membership: organizationMembers.membership,
        })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.removedAt)))
        .orderBy(organizations.name, organizations.id),

    /** A new organisation with its pinned document, the creator its first admin; its id. */
    createOrganization: async (userId: string, pinned: PinnedMetadata) => {
      const organizationId = randomUUID()
      await db.transaction(async (tx) => {
        await tx
          .insert(organizations)
          .values({ id: organizationId, name: pinned.document.data.name, cid: pinned.cid, createdBy: userId })
        await tx.insert(organizationMembers).values({ organizationId, userId, membership: 'admin' })
        await recordVersion(tx, { organizationId, pinned, changedBy: userId })
      })
      return organizationId
    },

    /** The organisation's new document, and its name from it. */
    changeDocument: (organizationId: string, userId: string, pinned: PinnedMetadata) =>
      db.transaction(async (tx) => {
        await tx
          .update(organizations)
          .set({ name: pinned.document.data.name, cid: pinned.cid, updatedAt: new Date() })
          .where(eq(organizations.id, organizationId))
        await recordVersion(tx, { organizationId, pinned, changedBy: userId })
      }),

    /** The organisation's document versions, newest first. */
    history: (organizationId: string) => historyOf(db, organizationId, null),

    /** A role that is not deleted, or 404. */
    liveRole: (organizationId: string, roleId: string) => liveRole(db, organizationId, roleId),

    /** One role of the organisation as the routes answer it, or 404. */
    role: async (organizationId: string, roleId: string): Promise<Role> => {
      const [role] = await rolesOf(db, gatewayUrl, organizationId, [roleId])
      if (!role) throw noSuchRole()
      return role
    },

    /** A new role with its pinned document; its id. */
    createRole: async (organizationId: string, userId: string, pinned: PinnedMetadata) => {
      const roleId = randomUUID()
      await db.transaction(async (tx) => {
        await tx
          .insert(roles)
          .values({ id: roleId, organizationId, name: pinned.document.data.name, cid: pinned.cid })
        await recordVersion(tx, { organizationId, roleId, pinned, changedBy: userId })
      })
      return roleId
    },

    /** The role's new document, and its name from it; 404 when it was deleted meanwhile. */
    changeRole: (organizationId: string, roleId: string, userId: string, pinned: PinnedMetadata) =>
      db.transaction(async (tx) => {
        const changed = await tx
          .update(roles)
          .set({ name: pinned.document.data.name, cid: pinned.cid, updatedAt: new Date() })
          .where(and(eq(roles.id, roleId), eq(roles.organizationId, organizationId), isNull(roles.deletedAt)))
          .returning({ id: roles.id })
        if (changed.length === 0) throw noSuchRole()
        await recordVersion(tx, { organizationId, roleId, pinned, changedBy: userId })
      }),

    /** Deletes a live role and ends its assignments (they stay as history); 404 for any other. */
    deleteRole: async (organizationId: string, roleId: string) => {
      if (!uuid.test(roleId)) throw noSuchRole()
      await db.transaction(async (tx) => {
        const now = new Date()
        const deleted = await tx
          .update(roles)
          .set({ deletedAt: now })
          .where(and(eq(roles.id, roleId), eq(roles.organizationId, organizationId), isNull(roles.deletedAt)))
          .returning({ id: roles.id })
        if (deleted.length === 0) throw noSuchRole()
        await tx
          .update(roleAssignments)
          .set({ endedAt: now })
          .where(and(eq(roleAssignments.roleId, roleId), isNull(roleAssignments.endedAt)))
      })
    },

    /** A role's document versions, newest first, deleted roles' too; 404 for a role of no such organisation. */
    roleHistory: async (organizationId: string, roleId: string) => {
      if (!uuid.test(roleId)) throw noSuchRole()
      const [role] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.organizationId, organizationId)))
      if (!role) throw noSuchRole()
      return historyOf(db, organizationId, roleId)
    },

    /**
     * A new pending invitation to `address`, with its link; its delivery is `failed` until `recordDelivery`
     * says otherwise, so one whose server stopped before sending it offers to resend it.
     */
    invite: async (
      organizationId: string,
      invitedBy: string,
      address: InvitedAddress,
      membership: Membership,
      inviteeName: string | null,
      link: NewLink,
    ): Promise<string> => {
      const invitationId = randomUUID()
      await db.transaction(async (tx) => {
        await tx.insert(invitations).values({
          id: invitationId,
          organizationId,
          addressKind: address.kind,
          address: address.value,
          membership,
          invitedBy,
        })
        await tx.insert(invitationLinks).values({
          invitationId,
          linkDigest: link.digest,
          expiresAt: link.expiresAt,
          inviteeName,
          delivery: 'failed',
        })
      })
      return invitationId
    },

    /** How the invitation's text or email went out. */
    recordDelivery: async (invitationId: string, delivery: 'sent' | 'failed' | 'not_sent') => {
      await db.update(invitationLinks).set({ delivery }).where(eq(invitationLinks.invitationId, invitationId))
    },

    /**
     * A new link for a pending invitation of the organisation (expired or not), the old one stops working: the
     * address it goes to. 404 for any other invitation, 409 for one already answered or revoked.
     */
    relink: async (organizationId: string, invitationId: string, link: NewLink): Promise<InvitedAddress> => {
      const noSuch = new OrganizationError('not_found', 'There is no such invitation in this organisation.')
      if (!uuid.test(invitationId)) throw noSuch
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)))
      if (!row) throw noSuch
      if (row.status !== 'pending') throw invitationUsed(row.status)
      const fresh = {
        linkDigest: link.digest,
        expiresAt: link.expiresAt,
        delivery: 'failed' as const,
        sentAt: new Date(),
      }
      await db
        .insert(invitationLinks)
        .values({ invitationId, ...fresh })
        .onConflictDoUpdate({ target: invitationLinks.invitationId, set: fresh })
      return { kind: row.addressKind, value: row.address }
    },

    /** The invitation a link's digest names, with the address it went to; undefined for none. */
    byLink: async (digest: string) => {
      const [row] = await db
        .select({ id: invitations.id, kind: invitations.addressKind, value: invitations.address })
        .from(invitationLinks)
        .innerJoin(invitations, eq(invitations.id, invitationLinks.invitationId))
        .where(eq(invitationLinks.linkDigest, digest))
      return row
    },

    /** Whether `userId` signs in with the address. */
    isAddressOf: async (userId: string, address: InvitedAddress) =>
      (await addressesOf(userId)).some((each) => each.kind === address.kind && each.value === address.value),

    /** One invitation as the routes answer it. */
    invitation,

    /** An invitation of the organisation, as the routes answer it; 404 for any other. */
    invitationIn: async (organizationId: string, invitationId: string): Promise<Invitation> => {
      const noSuch = new OrganizationError('not_found', 'There is no such invitation in this organisation.')
      if (!uuid.test(invitationId)) throw noSuch
      const [found] = await invitationsWhere(
        db,
        and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)),
      )
      if (!found) throw noSuch
      return found
    },

    /** Revokes a pending invitation of the organisation; 404 for any other, 409 for one already used. */
    revokeInvitation: async (organizationId: string, invitationId: string, userId: string) => {
      const noSuch = new OrganizationError('not_found', 'There is no such invitation in this organisation.')
      if (!uuid.test(invitationId)) throw noSuch
      const [row] = await db
        .select({ status: invitations.status })
        .from(invitations)
        .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)))
      if (!row) throw noSuch
      const revoked = await db
        .update(invitations)
        .set({ status: 'revoked', decidedAt: new Date(), decidedBy: userId })
        .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id })
      if (revoked.length === 0) throw invitationUsed(row.status)
      return invitation(invitationId)
    },

    /** The pending invitations to any of the member's own addresses, those whose link expired left out. */
    invitationsFor: async (userId: string): Promise<Invitation[]> => {
      const addresses = await addressesOf(userId)
      if (addresses.length === 0) return []
      const found = await invitationsWhere(
        db,
        and(eq(invitations.status, 'pending'), forAddresses(addresses)),
        'invitee',
      )
      return found.filter((each) => each.status === 'pending')
    },

    /** An invitation to one of the caller's own addresses; 404 for any other, used or not. */
    ownInvitation: async (invitationId: string, userId: string): Promise<InvitationRow> => {
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
    },

    /**
     * Accepts the invitation: the member joins (or, invited as admin, is promoted); 409 when it was used, by
     * whichever request got there first.
     */
    acceptInvitation: async (row: InvitationRow, userId: string) => {
      const [seen] = await invitationsWhere(db, eq(invitations.id, row.id))
      if (seen?.status === 'expired') throw invitationExpired(seen.organization_name)
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
        throw invitationUsed(now?.status ?? row.status)
      }
    },

    /** Declines a pending invitation; 409 for one already used. */
    declineInvitation: async (row: InvitationRow, userId: string) => {
      const declined = await db
        .update(invitations)
        .set({ status: 'declined', decidedAt: new Date(), decidedBy: userId })
        .where(and(eq(invitations.id, row.id), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id })
      if (declined.length === 0) throw invitationUsed(row.status)
      return invitation(row.id, 'invitee')
    },

    /** One member of the organisation as the routes answer it, or 404. */
    member: async (organizationId: string, userId: string) => {
      const [member] = await membersOf(db, organizationId, userId)
      if (!member) throw notAMember()
      return member
    },

    /** Gives a current member a live role (nothing when they hold it already). */
    assignRole: (organizationId: string, roleId: string, userId: string, assignedBy: string) =>
      db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        await liveRole(tx, organizationId, roleId)
        if (!(await membershipOf(tx, organizationId, userId))) throw notAMember()
        const [held] = await tx
          .select({ id: roleAssignments.id })
          .from(roleAssignments)
          .where(
            and(
              eq(roleAssignments.roleId, roleId),
              eq(roleAssignments.userId, userId),
              isNull(roleAssignments.endedAt),
            ),
          )
        if (!held) {
          await tx.insert(roleAssignments).values({ organizationId, roleId, userId, assignedBy })
        }
      }),

    /** Ends a current member's holding of a live role (nothing when they do not hold it). */
    unassignRole: (organizationId: string, roleId: string, userId: string) =>
      db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        await liveRole(tx, organizationId, roleId)
        if (!(await membershipOf(tx, organizationId, userId))) throw notAMember()
        await tx
          .update(roleAssignments)
          .set({ endedAt: new Date() })
          .where(
            and(
              eq(roleAssignments.roleId, roleId),
              eq(roleAssignments.userId, userId),
              isNull(roleAssignments.endedAt),
            ),
          )
      }),

    /** Makes a member an admin or a member; the last admin is never demoted. */
    changeMembership: (organizationId: string, userId: string, callerId: string, wanted: Membership) =>
      db.transaction(async (tx) => {
        // Locked first: two admins demoting each other at once are counted one after the other.
        await lockOrganization(tx, organizationId)
        const member = await membershipOf(tx, organizationId, userId)
        if (!member) throw notAMember()
        if (member.membership === wanted) return
        // The caller may have been demoted by a request that committed while this one waited for the lock.
        const caller = await membershipOf(tx, organizationId, callerId)
        if (caller?.membership !== 'admin') throw adminsOnly()
        if (wanted === 'member' && (await adminCount(tx, organizationId)) <= 1) throw lastAdmin('be demoted')
        await tx
          .update(organizationMembers)
          .set({ membership: wanted })
          .where(eq(organizationMembers.id, member.id))
      }),

    /** A member leaves, or an admin removes them; their roles end with it, the last admin never goes. */
    removeMember: (organizationId: string, userId: string, callerId: string) =>
      db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const member = await membershipOf(tx, organizationId, userId)
        if (!member) throw notAMember()
        if (userId !== callerId) {
          const caller = await membershipOf(tx, organizationId, callerId)
          if (caller?.membership !== 'admin') throw adminsOnly()
        }
        if (member.membership === 'admin' && (await adminCount(tx, organizationId)) <= 1) {
          throw lastAdmin(userId === callerId ? 'leave' : 'be removed')
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
              eq(roleAssignments.organizationId, organizationId),
              eq(roleAssignments.userId, userId),
              isNull(roleAssignments.endedAt),
            ),
          )
      }),

    /** The roles the member holds in the organisations they belong to, by organisation name. */
    rolesHeldBy: async (userId: string) => {
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
      const out: { organization: { id: string; name: string }; role: Role }[] = []
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
      return out
    },
  }
}
