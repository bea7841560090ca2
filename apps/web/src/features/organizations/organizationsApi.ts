import type { MetadataDocument } from '@charter/core'
import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'

// The organisations API (docs/organizations.md) through the typed client: the server's routes type each call and
// its answer, and a refusal is the same ApiError `{error, code}` as everywhere else.

const organization = (orgId: string) => ({ param: { id: encodeURIComponent(orgId) } })
const role = (orgId: string, roleId: string) => ({
  param: { id: encodeURIComponent(orgId), role_id: encodeURIComponent(roleId) },
})
const member = (orgId: string, userId: string) => ({
  param: { id: encodeURIComponent(orgId), user_id: encodeURIComponent(userId) },
})
const invitation = (invitationId: string) => ({ param: { invitation_id: encodeURIComponent(invitationId) } })
const orgs = api.v1.organizations

export const getOrganization = (orgId: string) => answerOf(orgs[':id'].$get(organization(orgId)))
export type Organization = Awaited<ReturnType<typeof getOrganization>>
export type Membership = Organization['my_membership']
export type Member = Organization['members'][number]
export type Role = Organization['roles'][number]
export type Invitation = Organization['invitations'][number]
export type Person = Role['holders'][number]
export type InvitationAddress = { phone_number: string } | { email: string }

export const listOrganizations = async () => (await answerOf(orgs.$get())).organizations
export type OrganizationSummary = Awaited<ReturnType<typeof listOrganizations>>[number]
export const createOrganization = (document: MetadataDocument) => answerOf(orgs.$post({ json: { document } }))
export const updateOrganizationDocument = (orgId: string, document: MetadataDocument) =>
  answerOf(orgs[':id'].document.$put({ ...organization(orgId), json: { document } }))
export const createRole = (orgId: string, document: MetadataDocument) =>
  answerOf(orgs[':id'].roles.$post({ ...organization(orgId), json: { document } }))
export const updateRole = (orgId: string, roleId: string, document: MetadataDocument) =>
  answerOf(orgs[':id'].roles[':role_id'].$put({ ...role(orgId, roleId), json: { document } }))
export const deleteRole = (orgId: string, roleId: string) =>
  answerOf(orgs[':id'].roles[':role_id'].$delete(role(orgId, roleId)))
export const getRoleHistory = async (orgId: string, roleId: string) =>
  (await answerOf(orgs[':id'].roles[':role_id'].history.$get(role(orgId, roleId)))).versions
export type Version = Awaited<ReturnType<typeof getRoleHistory>>[number]
export const getOrganizationHistory = async (orgId: string) =>
  (await answerOf(orgs[':id'].history.$get(organization(orgId)))).versions
/** What a save pinned: its CID, and where anyone reads it. */
export type Pinned = Pick<Role, 'cid' | 'gateway_url'>
export const inviteMember = (orgId: string, address: InvitationAddress, membership: Membership = 'member') =>
  answerOf(orgs[':id'].invitations.$post({ ...organization(orgId), json: { ...address, membership } }))
export const revokeInvitation = (orgId: string, invitationId: string) =>
  answerOf(
    orgs[':id'].invitations[':invitation_id'].$delete({
      param: { id: encodeURIComponent(orgId), invitation_id: encodeURIComponent(invitationId) },
    }),
  )
export const listInvitations = async () => (await answerOf(api.v1.invitations.$get())).invitations
export const acceptInvitation = (invitationId: string) =>
  answerOf(api.v1.invitations[':invitation_id'].accept.$post(invitation(invitationId)))
export const declineInvitation = (invitationId: string) =>
  answerOf(api.v1.invitations[':invitation_id'].decline.$post(invitation(invitationId)))
export const assignRole = (orgId: string, userId: string, roleId: string) =>
  answerOf(
    orgs[':id'].members[':user_id'].roles[':role_id'].$put({
      param: { ...member(orgId, userId).param, role_id: encodeURIComponent(roleId) },
    }),
  )
export const unassignRole = (orgId: string, userId: string, roleId: string) =>
  answerOf(
    orgs[':id'].members[':user_id'].roles[':role_id'].$delete({
      param: { ...member(orgId, userId).param, role_id: encodeURIComponent(roleId) },
    }),
  )
export const setMembership = (orgId: string, userId: string, membership: Membership) =>
  answerOf(orgs[':id'].members[':user_id'].$patch({ ...member(orgId, userId), json: { membership } }))
export const removeMember = (orgId: string, userId: string) =>
  answerOf(orgs[':id'].members[':user_id'].$delete(member(orgId, userId)))
export const listMyRoles = async () => (await answerOf(api.v1.my_roles.$get())).roles
export type HeldRole = Awaited<ReturnType<typeof listMyRoles>>[number]

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
export const organizationHistoryQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: [...organizationsQueryKey, 'one', orgId, 'history'],
    queryFn: () => getOrganizationHistory(orgId),
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
