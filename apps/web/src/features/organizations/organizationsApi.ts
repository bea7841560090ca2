import type { MetadataDocument } from '@charter/core'
import { queryOptions } from '@tanstack/react-query'
import { answerOf, api } from '../../lib/api.ts'
import type { OrganizationSigner } from './useOrganizationSigner.ts'

// The organisations API (docs/organizations.md) through the typed client: the server's routes type each call and
// its answer, and a refusal is the same ApiError `{error, code}` as everywhere else. Reads go with the session;
// every change is signed with this device's key (`OrganizationSigner`, the wallet proxy), as the server requires.

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
/** A new organisation; the creator's name, when they give one, is kept with it. */
export const createOrganization = (
  signer: OrganizationSigner,
  document: MetadataDocument,
  displayName?: string,
) =>
  signer.post((client) => client.api.v1.organizations, {
    json: { document, ...(displayName !== undefined && { display_name: displayName }) },
  })
export const updateOrganizationDocument = (
  signer: OrganizationSigner,
  orgId: string,
  document: MetadataDocument,
) =>
  signer.put((client) => client.api.v1.organizations[':id'].document, {
    ...organization(orgId),
    json: { document },
  })
export const createRole = (signer: OrganizationSigner, orgId: string, document: MetadataDocument) =>
  signer.post((client) => client.api.v1.organizations[':id'].roles, {
    ...organization(orgId),
    json: { document },
  })
export const updateRole = (
  signer: OrganizationSigner,
  orgId: string,
  roleId: string,
  document: MetadataDocument,
) =>
  signer.put((client) => client.api.v1.organizations[':id'].roles[':role_id'], {
    ...role(orgId, roleId),
    json: { document },
  })
export const deleteRole = (signer: OrganizationSigner, orgId: string, roleId: string) =>
  signer.delete((client) => client.api.v1.organizations[':id'].roles[':role_id'], {
    ...role(orgId, roleId),
    json: {},
  })
export const getRoleHistory = async (orgId: string, roleId: string) =>
  (await answerOf(orgs[':id'].roles[':role_id'].history.$get(role(orgId, roleId)))).versions
export type Version = Awaited<ReturnType<typeof getRoleHistory>>[number]
export const getOrganizationHistory = async (orgId: string) =>
  (await answerOf(orgs[':id'].history.$get(organization(orgId)))).versions
/** What a save pinned: its CID, and where anyone reads it. */
export type Pinned = Pick<Role, 'cid' | 'gateway_url'>
export const inviteMember = (
  signer: OrganizationSigner,
  orgId: string,
  address: InvitationAddress,
  membership: Membership = 'member',
  name = '',
) =>
  signer.post((client) => client.api.v1.organizations[':id'].invitations, {
    ...organization(orgId),
    json: { ...address, membership, ...(name.trim() !== '' && { name: name.trim() }) },
  })
export const resendInvitation = (signer: OrganizationSigner, orgId: string, invitationId: string) =>
  signer.post((client) => client.api.v1.organizations[':id'].invitations[':invitation_id'].resend, {
    param: { id: encodeURIComponent(orgId), invitation_id: encodeURIComponent(invitationId) },
    json: {},
  })
/** The invitation an emailed or texted link names, if it is the signed-in member's. */
export const openInvitationLink = (token: string) =>
  answerOf(api.v1.invitations.link[':token'].$get({ param: { token: encodeURIComponent(token) } }))
export const getMyName = async () => (await answerOf(api.v1.my_name.$get())).display_name
export const setMyName = (signer: OrganizationSigner, displayName: string) =>
  signer.put((client) => client.api.v1.my_name, { json: { display_name: displayName } })
export const revokeInvitation = (signer: OrganizationSigner, orgId: string, invitationId: string) =>
  signer.delete((client) => client.api.v1.organizations[':id'].invitations[':invitation_id'], {
    param: { id: encodeURIComponent(orgId), invitation_id: encodeURIComponent(invitationId) },
    json: {},
  })
export const listInvitations = async () => (await answerOf(api.v1.invitations.$get())).invitations
/** Accepts; the member's name, when they give one, is kept with it. */
export const acceptInvitation = (signer: OrganizationSigner, invitationId: string, displayName?: string) =>
  signer.post((client) => client.api.v1.invitations[':invitation_id'].accept, {
    ...invitation(invitationId),
    json: displayName === undefined ? {} : { display_name: displayName },
  })
export const declineInvitation = (signer: OrganizationSigner, invitationId: string) =>
  signer.post((client) => client.api.v1.invitations[':invitation_id'].decline, {
    ...invitation(invitationId),
    json: {},
  })
const memberRole = (orgId: string, userId: string, roleId: string) => ({
  param: { ...member(orgId, userId).param, role_id: encodeURIComponent(roleId) },
  json: {},
})
export const assignRole = (signer: OrganizationSigner, orgId: string, userId: string, roleId: string) =>
  signer.put(
    (client) => client.api.v1.organizations[':id'].members[':user_id'].roles[':role_id'],
    memberRole(orgId, userId, roleId),
  )
export const unassignRole = (signer: OrganizationSigner, orgId: string, userId: string, roleId: string) =>
  signer.delete(
    (client) => client.api.v1.organizations[':id'].members[':user_id'].roles[':role_id'],
    memberRole(orgId, userId, roleId),
  )
export const setMembership = (
  signer: OrganizationSigner,
  orgId: string,
  userId: string,
  membership: Membership,
) =>
  signer.patch((client) => client.api.v1.organizations[':id'].members[':user_id'], {
    ...member(orgId, userId),
    json: { membership },
  })
export const removeMember = (signer: OrganizationSigner, orgId: string, userId: string) =>
  signer.delete((client) => client.api.v1.organizations[':id'].members[':user_id'], {
    ...member(orgId, userId),
    json: {},
  })
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
export const myNameQueryOptions = () =>
  queryOptions({ queryKey: [...organizationsQueryKey, 'my_name'], queryFn: getMyName, staleTime: 0 })
export const invitationLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...organizationsQueryKey, 'link', token],
    queryFn: () => openInvitationLink(token),
    staleTime: 0,
    retry: false,
  })
export const myRolesQueryOptions = () =>
  queryOptions({ queryKey: [...organizationsQueryKey, 'my_roles'], queryFn: listMyRoles, staleTime: 0 })
