import type { MetadataDocument } from '@charter/core'
import { queryOptions } from '@tanstack/react-query'
import { failureOf, unreachable } from '../../lib/api.ts'

// The organisations API as its contract types it. Plain fetch for now, through the house's error helpers, so a
// refusal is the same ApiError `{error, code}` as everywhere else; once the server's routes are in AppType these
// calls become `answerOf(api.v1.organizations…)` one by one, and these types `Answer<…>` of them.

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
  status: 'pending' | 'accepted' | 'declined' | 'revoked'
  invited_by: Person
  created_at: number
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
export type OrganizationSummary = Pick<Organization, 'id' | 'name' | 'cid' | 'my_membership'>
export type HeldRole = { organization: { id: string; name: string }; role: Role }
export type InvitationAddress = { phone_number: string } | { email: string }

/** One call of the API under /api/v1: the body of a 2xx (undefined for a 204), else the server's ApiError. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  } catch (cause) {
    throw unreachable(cause)
  }
  const answer: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
  if (!response.ok) throw failureOf(response, answer)
  return answer as T
}

const id = encodeURIComponent

export const listOrganizations = async () =>
  (await call<{ organizations: OrganizationSummary[] }>('GET', '/organizations')).organizations
export const createOrganization = (document: MetadataDocument) =>
  call<Organization>('POST', '/organizations', { document })
export const getOrganization = (orgId: string) => call<Organization>('GET', `/organizations/${id(orgId)}`)
export const updateOrganizationDocument = (orgId: string, document: MetadataDocument) =>
  call<Organization>('PUT', `/organizations/${id(orgId)}/document`, { document })
export const createRole = (orgId: string, document: MetadataDocument) =>
  call<Role>('POST', `/organizations/${id(orgId)}/roles`, { document })
export const updateRole = (orgId: string, roleId: string, document: MetadataDocument) =>
  call<Role>('PUT', `/organizations/${id(orgId)}/roles/${id(roleId)}`, { document })
export const deleteRole = (orgId: string, roleId: string) =>
  call<undefined>('DELETE', `/organizations/${id(orgId)}/roles/${id(roleId)}`)
export const getRoleHistory = async (orgId: string, roleId: string) =>
  (await call<{ versions: Version[] }>('GET', `/organizations/${id(orgId)}/roles/${id(roleId)}/history`))
    .versions
export const inviteMember = (orgId: string, address: InvitationAddress, membership: Membership = 'member') =>
  call<Invitation>('POST', `/organizations/${id(orgId)}/invitations`, { ...address, membership })
export const revokeInvitation = (orgId: string, invitationId: string) =>
  call<Invitation>('DELETE', `/organizations/${id(orgId)}/invitations/${id(invitationId)}`)
export const listInvitations = async () =>
  (await call<{ invitations: Invitation[] }>('GET', '/invitations')).invitations
export const acceptInvitation = (invitationId: string) =>
  call<Organization>('POST', `/invitations/${id(invitationId)}/accept`)
export const declineInvitation = (invitationId: string) =>
  call<Invitation>('POST', `/invitations/${id(invitationId)}/decline`)
export const assignRole = (orgId: string, userId: string, roleId: string) =>
  call<Member>('PUT', `/organizations/${id(orgId)}/members/${id(userId)}/roles/${id(roleId)}`)
export const unassignRole = (orgId: string, userId: string, roleId: string) =>
  call<Member>('DELETE', `/organizations/${id(orgId)}/members/${id(userId)}/roles/${id(roleId)}`)
export const setMembership = (orgId: string, userId: string, membership: Membership) =>
  call<Member>('PATCH', `/organizations/${id(orgId)}/members/${id(userId)}`, { membership })
export const removeMember = (orgId: string, userId: string) =>
  call<undefined>('DELETE', `/organizations/${id(orgId)}/members/${id(userId)}`)
export const listMyRoles = async () => (await call<{ roles: HeldRole[] }>('GET', '/my_roles')).roles

export const organizationsQueryKey = ['organizations'] as const
export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: [...organizationsQueryKey, 'list'], queryFn: listOrganizations, staleTime: 0 })
export const organizationQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: [...organizationsQueryKey, 'one', orgId], queryFn: () => getOrganization(orgId) })
export const roleHistoryQueryOptions = (orgId: string, roleId: string) =>
  queryOptions({
    queryKey: [...organizationsQueryKey, 'one', orgId, 'history', roleId],
    queryFn: () => getRoleHistory(orgId, roleId),
    staleTime: 0,
  })
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: [...organizationsQueryKey, 'invitations'],
    queryFn: listInvitations,
    staleTime: 0,
  })
export const myRolesQueryOptions = () =>
  queryOptions({ queryKey: [...organizationsQueryKey, 'my_roles'], queryFn: listMyRoles, staleTime: 0 })
