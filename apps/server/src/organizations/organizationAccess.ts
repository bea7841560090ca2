import { adminsOnly, noSuchOrganization } from './OrganizationError.ts'
import type { OrganizationStore } from './organizationStore.ts'
import type { Membership } from './organizationViews.ts'

export type OrganizationAccess = ReturnType<typeof organizationAccess>

/**
 * Who may do what in an organisation: whoever is not a member hears it does not exist (404), whether or not it
 * does; a member who is not an admin may read but not change (403).
 */
export function organizationAccess(store: OrganizationStore) {
  /** The caller's membership of an organisation; 404 for anyone else. */
  const memberOrHidden = async (organizationId: string, userId: string): Promise<Membership> => {
    const found = await store.membership(organizationId, userId)
    if (!found) throw noSuchOrganization()
    return found
  }
  return {
    memberOrHidden,
    /** The caller is an admin of the organisation: 403 for a member, 404 for anyone else. */
    adminOf: async (organizationId: string, userId: string) => {
      if ((await memberOrHidden(organizationId, userId)) !== 'admin') throw adminsOnly()
    },
  }
}
