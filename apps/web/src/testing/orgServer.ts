import { createHash } from 'node:crypto'
import {
  type CharterUser,
  formatInternational,
  type MetadataDocument,
  parseMetadataDocument,
  validatePhoneNumber,
} from '@charter/core'
import type {
  Invitation,
  Member,
  Membership,
  Organization,
  Role,
  Version,
} from '../features/organizations/organizationsApi.ts'
import { answer, refuse } from './stubAnswers.ts'
import type { ApiCall, ApiHandler } from './stubApi.ts'

type StoredRole = { id: string; versions: Version[]; updated_at: number }
type StoredOrg = {
  id: string
  versions: Version[]
  created_at: number
  updated_at: number
  members: Map<string, { membership: Membership; role_ids: string[]; joined_at: number }>
  roles: StoredRole[]
  invitations: Invitation[]
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
/** A CIDv1-shaped name of the bytes (base32 of their sha-256): not `ipfs add`'s CID, which this stand-in needs not. */
export function standInCid(bytes: string): string {
  const digest = createHash('sha256').update(bytes).digest()
  let bits = ''
  for (const byte of digest) bits += byte.toString(2).padStart(8, '0')
  let encoded = ''
  for (let at = 0; at < bits.length; at += 5)
    encoded += alphabet[Number.parseInt(bits.slice(at, at + 5).padEnd(5, '0'), 2)]
  return `bafkrei${encoded}`
}

/** Path parameters as the server's router gives them: decoded ('did%3Acharter%3A…' is 'did:charter:…'). */
const decodeParams = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]))

const notFound = () => refuse({ error: 'There is no such organisation.', code: 'not_found' }, 404)
const forbidden = () =>
  refuse({ error: 'Only an admin of this organisation can do that.', code: 'forbidden' }, 403)
const invalid = (error: string) => refuse({ error, code: 'invalid_data' }, 400)

/**
 * Stands in for the organisations API (its contract: members read, admins change, everyone else gets a 404 as
 * if the organisation did not exist; every change signed with the session's device key; every document checked
 * with the core's schema and kept by CID, every version kept with who changed it) and for Charter's gateway
 * (`GET /ipfs/:cid`). `signedIn` says who calls; `signed` checks a change's signature (`WalletServer.signedRoute`).
 */
export function orgServer(options: {
  people: CharterUser[]
  signedIn: () => CharterUser | undefined
  signed: (handle: ApiHandler) => ApiHandler
}) {
  const blocks = new Map<string, string>()
  const orgs: StoredOrg[] = []
  /** The names members gave themselves (`PUT /api/v1/my_name`). */
  const names = new Map<string, string>()
  /** Invitation links sent, by token: the stand-in's dev outbox (`sentLinks`). */
  const links = new Map<string, string>()
  let counter = 0
  let clock = 1_764_000_000
  const now = () => ++clock
  const nextId = (prefix: string) => `${prefix}-${++counter}`

  const person = (id: string) => options.people.find((user) => user.id === id)
  const labelOf = (id: string) => {
    const user = person(id)
    const phone = user?.linked_accounts.find((account) => account.type === 'phone')
    const email = user?.linked_accounts.find((account) => account.type === 'email')
    const named = names.get(id)
    if (named) return named
    if (email && 'address' in email) return email.address
    if (phone && 'phoneNumber' in phone) return formatInternational(phone.phoneNumber)
    return id
  }
  const addressesOf = (user: CharterUser) =>
    user.linked_accounts.flatMap((account) =>
      account.type === 'phone' && 'phoneNumber' in account
        ? [account.phoneNumber]
        : account.type === 'email' && 'address' in account
          ? [account.address.toLowerCase()]
          : [],
    )
  /** Pins a document's bytes; answers its CID. */
  const pin = (document: unknown) => {
    const bytes = JSON.stringify(document)
    const cid = standInCid(bytes)
    blocks.set(cid, bytes)
    return cid
  }
  const documentOf = (cid: string) => JSON.parse(blocks.get(cid) as string) as MetadataDocument
  const gatewayUrl = (cid: string) => `http://localhost/ipfs/${cid}`
  const version = (cid: string, userId: string): Version => ({
    cid,
    changed_by: { user_id: userId, label: labelOf(userId) },
    changed_at: now(),
  })
  const roleView = (org: StoredOrg, role: StoredRole): Role => {
    const cid = (role.versions[0] as Version).cid
    const document = documentOf(cid)
    return {
      id: role.id,
      organization_id: org.id,
      name: document.data.name,
      cid,
      // Stored as parsed from JSON: every value in it is a JSON value, as the answer's type says.
      document: document as Role['document'],
      gateway_url: gatewayUrl(cid),
      holders: [...org.members]
        .filter(([, member]) => member.role_ids.includes(role.id))
        .map(([userId]) => ({ user_id: userId, label: labelOf(userId) })),
      updated_at: role.updated_at,
    }
  }
  const memberView = (org: StoredOrg, userId: string): Member => {
    const member = org.members.get(userId)
    if (!member) throw new Error(`${userId} is not a member`)
    return { user_id: userId, label: labelOf(userId), ...member, role_ids: [...member.role_ids] }
  }
  const orgView = (org: StoredOrg, userId: string): Organization => {
    const cid = (org.versions[0] as Version).cid
    const document = documentOf(cid)
    const mine = org.members.get(userId)?.membership ?? 'member'
    return {
      id: org.id,
      name: document.data.name,
      cid,
      document: document as Organization['document'],
      gateway_url: gatewayUrl(cid),
      my_membership: mine,
      members: [...org.members.keys()].map((id) => memberView(org, id)),
      roles: org.roles.map((role) => roleView(org, role)),
      invitations: mine === 'admin' ? org.invitations.map((invitation) => ({ ...invitation })) : [],
      created_at: org.created_at,
      updated_at: org.updated_at,
    }
  }
  /** The document of a call's body, or the 400 the server answers. */
  const documentIn = (call: ApiCall) => {
    const result = parseMetadataDocument((call.body as { document?: unknown } | undefined)?.document)
    if (result.error) return { refusal: invalid(result.error.message) }
    const data = result.parsed.data
    if ((data.responsibilities?.length ?? 0) > 200 || (data.authorities?.length ?? 0) > 200)
      return { refusal: invalid('A document has at most 200 responsibilities and 200 authorities.') }
    // As the server refuses a document past the pinning limit: with the figure a person reads, never a setting.
    if (JSON.stringify(result.parsed).length > 10_000)
      return {
        refusal: refuse(
          {
            error: 'The document is too large to publish: keep it under 9 KB.',
            code: 'payload_too_large',
          },
          413,
        ),
      }
    return { document: result.parsed }
  }

  type Context = { me: CharterUser; org: StoredOrg; membership: Membership }
  /** A handler for a route with an org id: 401 signed out, 404 for a non-member, 403 for a member on admin routes. */
  const inOrg =
    (
      level: 'member' | 'admin',
      handle: (context: Context, call: ApiCall, params: Record<string, string>) => Response,
    ) =>
    (call: ApiCall, encoded: Record<string, string> = {}) => {
      const me = options.signedIn()
      if (!me) return refuse({ error: 'Please sign in first.', code: 'must_be_authenticated' }, 401)
      const params = decodeParams(encoded)
      const org = orgs.find((each) => each.id === params.id)
      const member = org?.members.get(me.id)
      if (!org || !member) return notFound()
      if (level === 'admin' && member.membership !== 'admin') return forbidden()
      return handle({ me, org, membership: member.membership }, call, params)
    }
  const signedIn =
    (handle: (me: CharterUser, call: ApiCall, params: Record<string, string>) => Response) =>
    (call: ApiCall, encoded: Record<string, string> = {}) => {
      const me = options.signedIn()
      if (!me) return refuse({ error: 'Please sign in first.', code: 'must_be_authenticated' }, 401)
      return handle(me, call, decodeParams(encoded))
    }
  const roleIn = (org: StoredOrg, roleId: string | undefined) => org.roles.find((role) => role.id === roleId)
  const adminCount = (org: StoredOrg) =>
    [...org.members.values()].filter((member) => member.membership === 'admin').length
  const noSuchRole = () =>
    refuse({ error: 'There is no such role in this organisation.', code: 'not_found' }, 404)
  const noSuchMember = () =>
    refuse({ error: 'There is no such member in this organisation.', code: 'not_found' }, 404)
  const noSuchInvitation = () => refuse({ error: 'There is no such invitation.', code: 'not_found' }, 404)

  const routes: Record<string, ApiHandler> = {
    'POST /api/v1/organizations': signedIn((me, call) => {
      const checked = documentIn(call)
      if (checked.refusal) return checked.refusal
      const given = (call.body as { display_name?: unknown } | undefined)?.display_name
      if (typeof given === 'string') {
        if (given.trim() === '') return invalid('display_name: enter the name you go by.')
        names.set(me.id, given.trim())
      }
      const at = now()
      const org: StoredOrg = {
        id: nextId('org'),
        versions: [version(pin(checked.document), me.id)],
        created_at: at,
        updated_at: at,
        members: new Map([[me.id, { membership: 'admin', role_ids: [], joined_at: at }]]),
        roles: [],
        invitations: [],
      }
      orgs.push(org)
      return answer(orgView(org, me.id))
    }),
    'GET /api/v1/organizations': signedIn((me) =>
      answer({
        organizations: orgs
          .filter((org) => org.members.has(me.id))
          .map((org) => {
            const view = orgView(org, me.id)
            return { id: view.id, name: view.name, cid: view.cid, my_membership: view.my_membership }
          }),
      }),
    ),
    'GET /api/v1/organizations/:id': inOrg('member', ({ me, org }) => answer(orgView(org, me.id))),
    'PUT /api/v1/organizations/:id/document': inOrg('admin', ({ me, org }, call) => {
      const checked = documentIn(call)
      if (checked.refusal) return checked.refusal
      org.versions.unshift(version(pin(checked.document), me.id))
      org.updated_at = now()
      return answer(orgView(org, me.id))
    }),
    'GET /api/v1/organizations/:id/history': inOrg('member', ({ org }) => answer({ versions: org.versions })),
    'POST /api/v1/organizations/:id/roles': inOrg('admin', ({ me, org }, call) => {
      const checked = documentIn(call)
      if (checked.refusal) return checked.refusal
      const role: StoredRole = {
        id: nextId('role'),
        versions: [version(pin(checked.document), me.id)],
        updated_at: now(),
      }
      org.roles.push(role)
      return answer(roleView(org, role))
    }),
    'PUT /api/v1/organizations/:id/roles/:role_id': inOrg('admin', ({ me, org }, call, params) => {
      const role = roleIn(org, params.role_id)
      if (!role) return noSuchRole()
      const checked = documentIn(call)
      if (checked.refusal) return checked.refusal
      role.versions.unshift(version(pin(checked.document), me.id))
      role.updated_at = now()
      return answer(roleView(org, role))
    }),
    'DELETE /api/v1/organizations/:id/roles/:role_id': inOrg('admin', ({ org }, _call, params) => {
      const role = roleIn(org, params.role_id)
      if (!role) return noSuchRole()
      org.roles = org.roles.filter((each) => each !== role)
      for (const member of org.members.values())
        member.role_ids = member.role_ids.filter((id) => id !== role.id)
      return new Response(null, { status: 204 })
    }),
    'GET /api/v1/organizations/:id/roles/:role_id/history': inOrg('member', ({ org }, _call, params) => {
      const role = roleIn(org, params.role_id)
      return role ? answer({ versions: role.versions }) : noSuchRole()
    }),
    'POST /api/v1/organizations/:id/invitations': inOrg('admin', ({ me, org }, call) => {
      const body = (call.body ?? {}) as {
        phone_number?: unknown
        email?: unknown
        membership?: unknown
        name?: unknown
      }
      const membership = body.membership ?? 'member'
      if (membership !== 'member' && membership !== 'admin')
        return invalid("membership: must be 'admin' or 'member'")
      let address: string
      let kind: 'phone' | 'email'
      if (typeof body.phone_number === 'string') {
        const phone = validatePhoneNumber(body.phone_number)
        if (!phone.ok) return invalid(`phone_number: ${phone.message}`)
        address = phone.phone.e164
        kind = 'phone'
      } else if (typeof body.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) {
        address = body.email.toLowerCase()
        kind = 'email'
      } else return invalid('Send a phone_number or an email to invite.')
      const invitation: Invitation = {
        id: nextId('invitation'),
        organization_id: org.id,
        organization_name: documentOf((org.versions[0] as Version).cid).data.name,
        address,
        address_kind: kind,
        membership,
        status: 'pending',
        invited_by: { user_id: me.id, label: labelOf(me.id) },
        created_at: now(),
        expires_at: clock + 7 * 24 * 3600,
        invitee_name: typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim() : null,
        delivery: 'sent',
      }
      org.invitations.push(invitation)
      links.set(`link-${invitation.id}`.padEnd(43, 'x'), invitation.id)
      return answer(invitation)
    }),
    'POST /api/v1/organizations/:id/invitations/:invitation_id/resend': inOrg(
      'admin',
      ({ org }, _call, params) => {
        const invitation = org.invitations.find((each) => each.id === params.invitation_id)
        if (!invitation) return noSuchInvitation()
        invitation.delivery = 'sent'
        return answer(invitation)
      },
    ),
    'GET /api/v1/invitations/link/:token': signedIn((me, _call, params) => {
      const id = links.get(params.token as string)
      const invitation = orgs.flatMap((org) => org.invitations).find((each) => each.id === id)
      if (!invitation) return refuse({ error: 'This invitation link does not work.', code: 'not_found' }, 404)
      if (!addressesOf(me).includes(invitation.address))
        return refuse(
          { error: 'This invitation is for another phone number or email.', code: 'forbidden' },
          403,
        )
      return answer(invitation)
    }),
    'GET /api/v1/my_name': signedIn((me) => answer({ display_name: names.get(me.id) ?? null })),
    'PUT /api/v1/my_name': signedIn((me, call) => {
      const given = (call.body as { display_name?: unknown } | undefined)?.display_name
      if (typeof given !== 'string' || given.trim() === '')
        return invalid('display_name: enter the name you go by.')
      names.set(me.id, given.trim())
      return answer({ display_name: given.trim() })
    }),
    'DELETE /api/v1/organizations/:id/invitations/:invitation_id': inOrg(
      'admin',
      ({ org }, _call, params) => {
        const invitation = org.invitations.find((each) => each.id === params.invitation_id)
        if (!invitation) return noSuchInvitation()
        if (invitation.status !== 'pending')
          return invalid('This invitation was already answered or revoked.')
        invitation.status = 'revoked'
        return answer(invitation)
      },
    ),
    'GET /api/v1/invitations': signedIn((me) => {
      const mine = addressesOf(me)
      return answer({
        invitations: orgs.flatMap((org) =>
          org.invitations.filter((each) => each.status === 'pending' && mine.includes(each.address)),
        ),
      })
    }),
    'POST /api/v1/invitations/:invitation_id/accept': signedIn((me, call, params) => {
      const found = findInvitation(me, params.invitation_id)
      if (!found) return noSuchInvitation()
      const given = (call.body as { display_name?: unknown } | undefined)?.display_name
      if (typeof given === 'string') names.set(me.id, given.trim())
      found.invitation.status = 'accepted'
      if (!found.org.members.has(me.id))
        found.org.members.set(me.id, {
          membership: found.invitation.membership,
          role_ids: [],
          joined_at: now(),
        })
      return answer(orgView(found.org, me.id))
    }),
    'POST /api/v1/invitations/:invitation_id/decline': signedIn((me, _call, params) => {
      const found = findInvitation(me, params.invitation_id)
      if (!found) return noSuchInvitation()
      found.invitation.status = 'declined'
      return answer(found.invitation)
    }),
    'PUT /api/v1/organizations/:id/members/:user_id/roles/:role_id': inOrg(
      'admin',
      ({ org }, _call, params) => {
        const member = org.members.get(params.user_id as string)
        if (!member) return noSuchMember()
        if (!roleIn(org, params.role_id)) return noSuchRole()
        if (!member.role_ids.includes(params.role_id as string))
          member.role_ids.push(params.role_id as string)
        return answer(memberView(org, params.user_id as string))
      },
    ),
    'DELETE /api/v1/organizations/:id/members/:user_id/roles/:role_id': inOrg(
      'admin',
      ({ org }, _call, params) => {
        const member = org.members.get(params.user_id as string)
        if (!member) return noSuchMember()
        member.role_ids = member.role_ids.filter((id) => id !== params.role_id)
        return answer(memberView(org, params.user_id as string))
      },
    ),
    'PATCH /api/v1/organizations/:id/members/:user_id': inOrg('admin', ({ org }, call, params) => {
      const member = org.members.get(params.user_id as string)
      if (!member) return noSuchMember()
      const to = (call.body as { membership?: unknown } | undefined)?.membership
      if (to !== 'admin' && to !== 'member') return invalid("membership: must be 'admin' or 'member'")
      if (member.membership === 'admin' && to === 'member' && adminCount(org) === 1)
        return invalid('The last admin cannot be made a member: make someone else an admin first.')
      member.membership = to
      return answer(memberView(org, params.user_id as string))
    }),
    'DELETE /api/v1/organizations/:id/members/:user_id': inOrg(
      'member',
      ({ me, org, membership }, _call, params) => {
        const userId = params.user_id as string
        if (userId !== me.id && membership !== 'admin') return forbidden()
        const member = org.members.get(userId)
        if (!member) return noSuchMember()
        if (member.membership === 'admin' && adminCount(org) === 1)
          return invalid('The last admin cannot leave: make someone else an admin first.')
        org.members.delete(userId)
        return new Response(null, { status: 204 })
      },
    ),
    'GET /api/v1/my_roles': signedIn((me) =>
      answer({
        roles: orgs.flatMap((org) => {
          const member = org.members.get(me.id)
          if (!member) return []
          const view = orgView(org, me.id)
          return org.roles
            .filter((role) => member.role_ids.includes(role.id))
            .map((role) => ({ organization: { id: org.id, name: view.name }, role: roleView(org, role) }))
        }),
      }),
    ),
    'GET /ipfs/:cid': (_call, params = {}) => {
      const bytes = blocks.get(params.cid as string)
      if (!bytes) return refuse({ error: 'Nothing is pinned at this CID.', code: 'not_found' }, 404)
      return new Response(bytes, { headers: { 'content-type': 'application/json' } })
    },
  }

  function findInvitation(me: CharterUser, invitationId: string | undefined) {
    const mine = addressesOf(me)
    for (const org of orgs) {
      const invitation = org.invitations.find(
        (each) => each.id === invitationId && each.status === 'pending' && mine.includes(each.address),
      )
      if (invitation) return { org, invitation }
    }
    return undefined
  }

  return {
    /** The routes for `stubApi`: reads by the session alone, changes only when signed. */
    routes: Object.fromEntries(
      Object.entries(routes).map(([route, handle]) => [
        route,
        route.startsWith('GET ') ? handle : options.signed(handle),
      ]),
    ),
    /** The same routes without the signature check: another member's browser, which signs with its own key. */
    direct: routes,
    /** Pins any JSON (a document made elsewhere, or not a document at all); answers its CID. */
    pin,
    /** The link token each invitation was sent with, as its text would carry it. */
    linkOf: (invitationId: string) => [...links].find(([, id]) => id === invitationId)?.[0],
  }
}
