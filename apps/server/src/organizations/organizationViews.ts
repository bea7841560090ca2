import { formatInternational, type MetadataDocument, maskPhoneNumber, toUnixSeconds } from '@charter/core'
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
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
  users,
} from '../db/schema.ts'

/** Where anyone reads a pinned document, by its CID (the pinning part's gateway). */
export type GatewayUrl = (cid: string) => string

// The answers of the organisation routes, read from the database. Documents come back as the JSON text they were
// pinned as, parsed: JSON.parse keeps `__proto__` an own key, never a prototype.

export type Membership = 'admin' | 'member'
export type Person = { user_id: string; label: string }
export type Version = { cid: string; changed_by: Person; changed_at: number }
export type Role = {
  id: string
  organization_id: string
  name: string
  cid: string
  document: MetadataDocument
  gateway_url: string
  holders: Person[]
  updated_at: number
}
export type Member = {
  user_id: string
  label: string
  membership: Membership
  role_ids: string[]
  joined_at: number
}
export type Invitation = {
  id: string
  organization_id: string
  organization_name: string
  address: string
  address_kind: 'phone' | 'email'
  membership: Membership
  /** `expired`: still pending, but its link stopped working (`expires_at`): an admin may resend it. */
  status: 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired'
  invited_by: Person
  created_at: number
  expires_at: number
  /** The name the inviter gave the invitee, offered to them as their own when they accept; null when none. */
  invitee_name: string | null
  /** How its text or email last went out; null for an invitation from before they were sent. */
  delivery: 'sent' | 'failed' | 'not_sent' | null
}
export type Organization = {
  id: string
  name: string
  cid: string
  document: MetadataDocument
  gateway_url: string
  my_membership: Membership
  members: Member[]
  roles: Role[]
  invitations: Invitation[]
  created_at: number
  updated_at: number
}

/**
 * Who a label is for: a `colleague` (someone in an organisation with the member, or an admin reading who invited
 * whom) sees the member's phone number in full; an `invitee` (not a colleague yet: an invitation's text, the
 * invitee's own view of it) sees it masked to its last four digits (`*9312`).
 */
export type ShownTo = 'colleague' | 'invitee'

/**
 * How a member is shown: the name they gave, else their email, else their phone number (in the international
 * format to a colleague, masked to an invitee), else a wallet's address cut short.
 */
export async function labels(
  db: Db,
  userIds: string[],
  shownTo: ShownTo = 'colleague',
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (userIds.length === 0) return out
  const ids = [...new Set(userIds)]
  const [named, rows] = await Promise.all([
    db
      .select({ userId: users.id, displayName: users.displayName })
      .from(users)
      .where(and(inArray(users.id, ids), isNotNull(users.displayName))),
    db
      .select({ userId: identities.userId, kind: identities.kind, value: identities.value })
      .from(identities)
      .where(inArray(identities.userId, ids)),
  ])
  const rank = { email: 0, phone: 1, wallet: 2 } as const
  const best = new Map<string, (typeof rows)[number]>()
  for (const row of rows) {
    const held = best.get(row.userId)
    if (!held || rank[row.kind] < rank[held.kind]) best.set(row.userId, row)
  }
  for (const [userId, row] of best) {
    out.set(
      userId,
      row.kind === 'email'
        ? row.value
        : row.kind === 'phone'
          ? shownTo === 'invitee'
            ? maskPhoneNumber(row.value)
            : formatInternational(row.value)
          : `${row.value.slice(0, 6)}…${row.value.slice(-4)}`,
    )
  }
  for (const row of named) if (row.displayName) out.set(row.userId, row.displayName)
  return out
}

const person = (names: Map<string, string>, userId: string): Person => ({
  user_id: userId,
  label: names.get(userId) ?? 'a former member',
})

/** The current document of the organisation (roleId null) or of each of its roles, by role id ('' for the org). */
async function currentDocuments(db: Db, organizationId: string): Promise<Map<string, MetadataDocument>> {
  const rows = await db
    .select({ roleId: documentVersions.roleId, document: documentVersions.document })
    .from(documentVersions)
    .where(
      sql`${documentVersions.id} IN (SELECT max(id) FROM document_versions WHERE organization_id = ${organizationId} GROUP BY role_id)`,
    )
  return new Map(rows.map((row) => [row.roleId ?? '', JSON.parse(row.document) as MetadataDocument]))
}

/** The member's current row in the organisation (not removed), if any: their membership and since when. */
export async function membershipOf(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        isNull(organizationMembers.removedAt),
      ),
    )
  return row
}

export async function rolesOf(
  db: Db,
  gatewayUrl: GatewayUrl,
  organizationId: string,
  onlyIds?: string[],
): Promise<Role[]> {
  const roleRows = await db
    .select()
    .from(roles)
    .where(
      and(
        eq(roles.organizationId, organizationId),
        isNull(roles.deletedAt),
        onlyIds ? inArray(roles.id, onlyIds.length ? onlyIds : ['']) : undefined,
      ),
    )
    .orderBy(roles.createdAt, roles.id)
  const holders = await db
    .select({ roleId: roleAssignments.roleId, userId: roleAssignments.userId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.organizationId, organizationId), isNull(roleAssignments.endedAt)))
  const names = await labels(
    db,
    holders.map((each) => each.userId),
  )
  const documents = await currentDocuments(db, organizationId)
  return roleRows.map((row) => ({
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    cid: row.cid,
    document: documents.get(row.id) as MetadataDocument,
    gateway_url: gatewayUrl(row.cid),
    holders: holders.filter((each) => each.roleId === row.id).map((each) => person(names, each.userId)),
    updated_at: toUnixSeconds(row.updatedAt),
  }))
}

export async function membersOf(db: Db, organizationId: string, onlyUserId?: string): Promise<Member[]> {
  const rows = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        isNull(organizationMembers.removedAt),
        onlyUserId ? eq(organizationMembers.userId, onlyUserId) : undefined,
      ),
    )
    .orderBy(organizationMembers.joinedAt, organizationMembers.id)
  const held = await db
    .select({ roleId: roleAssignments.roleId, userId: roleAssignments.userId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.organizationId, organizationId), isNull(roleAssignments.endedAt)))
    .orderBy(roleAssignments.id)
  const names = await labels(
    db,
    rows.map((row) => row.userId),
  )
  return rows.map((row) => ({
    user_id: row.userId,
    label: names.get(row.userId) ?? 'member',
    membership: row.membership,
    role_ids: held.filter((each) => each.userId === row.userId).map((each) => each.roleId),
    joined_at: toUnixSeconds(row.joinedAt),
  }))
}

/** When an invitation without a link row (made before links were sent) stops working: a week after it was made. */
const weekMs = 7 * 24 * 3600 * 1000

/** Invitations as the routes answer them; who invited is labelled for `shownTo` (an invitee sees no full number). */
export async function invitationsWhere(
  db: Db,
  where: ReturnType<typeof and>,
  shownTo: ShownTo = 'colleague',
  now = new Date(),
): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: invitations, organizationName: organizations.name, link: invitationLinks })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(invitationLinks, eq(invitationLinks.invitationId, invitations.id))
    .where(where)
    .orderBy(desc(invitations.createdAt), invitations.id)
  const names = await labels(
    db,
    rows.map((row) => row.invitation.invitedBy),
    shownTo,
  )
  return rows.map(({ invitation, organizationName, link }) => {
    const expiresAt = link?.expiresAt ?? new Date(invitation.createdAt.getTime() + weekMs)
    const expired = invitation.status === 'pending' && expiresAt.getTime() <= now.getTime()
    return {
      id: invitation.id,
      organization_id: invitation.organizationId,
      organization_name: organizationName,
      address: invitation.address,
      address_kind: invitation.addressKind,
      membership: invitation.membership,
      status: expired ? 'expired' : invitation.status,
      invited_by: person(names, invitation.invitedBy),
      created_at: toUnixSeconds(invitation.createdAt),
      expires_at: toUnixSeconds(expiresAt),
      invitee_name: link?.inviteeName ?? null,
      delivery: link?.delivery ?? null,
    }
  })
}

export async function organizationView(
  db: Db,
  gatewayUrl: GatewayUrl,
  organizationId: string,
  membership: Membership,
): Promise<Organization> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!row) throw new Error(`organisation ${organizationId} vanished`)
  const documents = await currentDocuments(db, organizationId)
  return {
    id: row.id,
    name: row.name,
    cid: row.cid,
    document: documents.get('') as MetadataDocument,
    gateway_url: gatewayUrl(row.cid),
    my_membership: membership,
    members: await membersOf(db, organizationId),
    roles: await rolesOf(db, gatewayUrl, organizationId),
    // Who was invited is the admins' business only.
    invitations:
      membership === 'admin'
        ? await invitationsWhere(db, and(eq(invitations.organizationId, organizationId)))
        : [],
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  }
}

export async function historyOf(db: Db, organizationId: string, roleId: string | null): Promise<Version[]> {
  const rows = await db
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.organizationId, organizationId),
        roleId === null ? isNull(documentVersions.roleId) : eq(documentVersions.roleId, roleId),
      ),
    )
    .orderBy(desc(documentVersions.id))
  const names = await labels(
    db,
    rows.map((row) => row.changedBy),
  )
  return rows.map((row) => ({
    cid: row.cid,
    changed_by: person(names, row.changedBy),
    changed_at: toUnixSeconds(row.changedAt),
  }))
}
