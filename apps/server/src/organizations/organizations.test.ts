import { type AuthorizationMethod, formatInternational } from '@charter/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// Organisations over HTTP against the real server: the whole flow, and the attacks on it (a stolen session
// without the device key, signatures over something else, another organisation's ids, a member acting as admin,
// invitations taken by someone else or replayed, hostile documents, the last admin).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

type Signed = {
  api: ApiClient
  caller: WalletCaller
  userId: string
  address: string
  /** The session's bearer access token, as a thief might copy it. */
  token: string
}

/** A member as the web app signs them in: the session born bound to this device's key. */
async function signIn(by: 'phone' | 'email', address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail()) {
  const caller = new WalletCaller(new ApiClient(server.url))
  const answer = await caller.signIn(by, address)
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  return {
    api: caller.api,
    caller,
    userId: answer.body.user.id as string,
    address,
    token: answer.body.token as string,
  }
}

/**
 * An answer as the test reads it. The paths are built at run time (`/organizations/${id}/roles`), and a written
 * path fits several routes' patterns, so the answers are read untyped.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above.
type Reply = { status: number; text: string; body: any }

/**
 * Any request: a read with the session alone, a change signed with the member's device key as the web app signs
 * it (a string body is sent as written and signed as the JSON it is; no body is sent as none and signed as `{}`).
 */
const call = (who: Signed, method: string, path: string, body?: unknown): Promise<Reply> =>
  method === 'GET'
    ? who.api.request(method, path, body)
    : who.caller.send(
        method as AuthorizationMethod,
        path,
        typeof body === 'string' ? JSON.parse(body) : (body ?? {}),
        {
          sentBody: body === undefined ? null : body,
        },
      )

const orgDocument = (name = 'Garden club') => ({
  type: '1.0' as const,
  data: { name, description: 'We grow things together.' },
})

const treasurer = {
  type: '1.0',
  data: {
    name: 'Treasurer',
    description: 'Keeps the books.',
    responsibilities: [
      { label: 'Monthly report', link: 'https://example.org/report' },
      { label: 'Pay invoices', description: 'Within 30 days.' },
    ],
    authorities: [{ label: 'Sign payments', gate: '0x0000000000000000000000000000000000000001' }],
  },
}

async function newOrganization(admin: Signed, name?: string) {
  const created = await call(admin, 'POST', '/api/v1/organizations', { document: orgDocument(name) })
  expect(created.status, created.text).toBe(200)
  return created.body
}

async function newRole(admin: Signed, organizationId: string, document: unknown = treasurer) {
  const created = await call(admin, 'POST', `/api/v1/organizations/${organizationId}/roles`, {
    document,
  })
  expect(created.status, created.text).toBe(200)
  return created.body
}

/** Invites `address` and has its owner accept: the new member. */
async function join(admin: Signed, organizationId: string, membership: 'admin' | 'member' = 'member') {
  const invitee = await signIn('email')
  const invited = await call(admin, 'POST', `/api/v1/organizations/${organizationId}/invitations`, {
    email: invitee.address.toUpperCase(),
    membership,
  })
  expect(invited.status, invited.text).toBe(200)
  const accepted = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
  expect(accepted.status, accepted.text).toBe(200)
  return invitee
}

describe('an organisation and its roles', () => {
  it('goes from creation to a role on a member’s home, with its history', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    expect(organization).toMatchObject({
      name: 'Garden club',
      my_membership: 'admin',
      document: orgDocument(),
      members: [{ user_id: admin.userId, membership: 'admin', role_ids: [] }],
      roles: [],
      invitations: [],
    })
    expect(organization.gateway_url).toBe(`${server.url}/ipfs/${organization.cid}`)

    const role = await newRole(admin, organization.id)
    expect(role).toMatchObject({ name: 'Treasurer', document: treasurer, holders: [] })
    // The gateway serves the very JSON that was pinned.
    const served = await fetch(role.gateway_url)
    expect(served.status).toBe(200)
    expect(await served.text()).toBe(JSON.stringify(treasurer))

    const listed = await call(admin, 'GET', '/api/v1/organizations')
    expect(listed.body.organizations).toContainEqual({
      id: organization.id,
      name: 'Garden club',
      cid: organization.cid,
      my_membership: 'admin',
    })

    // Invited by phone, as typed; the invitation waits for whoever signs in with that number.
    const phone = uniquePhoneNumber()
    const typed = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`
    const invited = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/invitations`, {
      phone_number: typed,
    })
    expect(invited.status, invited.text).toBe(200)
    expect(invited.body).toMatchObject({
      organization_id: organization.id,
      organization_name: 'Garden club',
      address: phone,
      address_kind: 'phone',
      membership: 'member',
      status: 'pending',
      invited_by: { user_id: admin.userId, label: admin.address },
    })
    const invitee = await signIn('phone', phone)
    const mine = await call(invitee, 'GET', '/api/v1/invitations')
    expect(mine.body.invitations.map((each: { id: string }) => each.id)).toEqual([invited.body.id])
    const accepted = await call(invitee, 'POST', `/api/v1/invitations/${invited.body.id}/accept`)
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.body).toMatchObject({ id: organization.id, my_membership: 'member', invitations: [] })
    expect((await call(invitee, 'GET', '/api/v1/invitations')).body.invitations).toEqual([])

    const assigned = await call(
      admin,
      'PUT',
      `/api/v1/organizations/${organization.id}/members/${invitee.userId}/roles/${role.id}`,
    )
    expect(assigned.status, assigned.text).toBe(200)
    expect(assigned.body).toMatchObject({
      user_id: invitee.userId,
      label: formatInternational(phone),
      membership: 'member',
      role_ids: [role.id],
    })

    const myRoles = await call(invitee, 'GET', '/api/v1/my_roles')
    expect(myRoles.body.roles).toEqual([
      {
        organization: { id: organization.id, name: 'Garden club' },
        role: expect.objectContaining({
          id: role.id,
          cid: role.cid,
          document: treasurer,
          holders: [{ user_id: invitee.userId, label: formatInternational(phone) }],
        }),
      },
    ])

    const edited = { ...treasurer, data: { ...treasurer.data, description: 'Keeps the books, monthly.' } }
    const changed = await call(admin, 'PUT', `/api/v1/organizations/${organization.id}/roles/${role.id}`, {
      document: edited,
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.body.cid).not.toBe(role.cid)
    expect(changed.body.document).toEqual(edited)
    const history = await call(
      invitee,
      'GET',
      `/api/v1/organizations/${organization.id}/roles/${role.id}/history`,
    )
    expect(history.status).toBe(200)
    expect(history.body.versions.map((each: { cid: string }) => each.cid)).toEqual([
      changed.body.cid,
      role.cid,
    ])
    expect(history.body.versions[0].changed_by).toEqual({ user_id: admin.userId, label: admin.address })

    // The organisation's own document has its history too.
    const renamed = await call(admin, 'PUT', `/api/v1/organizations/${organization.id}/document`, {
      document: orgDocument('Garden club of the north'),
    })
    expect(renamed.body.name).toBe('Garden club of the north')
    const orgHistory = await call(admin, 'GET', `/api/v1/organizations/${organization.id}/history`)
    expect(orgHistory.body.versions.map((each: { cid: string }) => each.cid)).toEqual([
      renamed.body.cid,
      organization.cid,
    ])

    // Leaving ends the member's roles; the history of the role stays.
    const left = await call(
      invitee,
      'DELETE',
      `/api/v1/organizations/${organization.id}/members/${invitee.userId}`,
    )
    expect(left.status).toBe(204)
    expect((await call(invitee, 'GET', '/api/v1/my_roles')).body.roles).toEqual([])
    expect((await call(invitee, 'GET', `/api/v1/organizations/${organization.id}`)).status).toBe(404)
    const after = await call(admin, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(after.body.roles[0].holders).toEqual([])
    expect(after.body.members.map((each: { user_id: string }) => each.user_id)).toEqual([admin.userId])
  })

  it('saves a role with no HTTP request to Charter itself: its own pinning service is called in process', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const pinRequests = () => server.logs.filter((line) => line.includes('/pinning/pinJSONToIPFS')).length
    const before = pinRequests()
    const fetched = vi.spyOn(globalThis, 'fetch')
    try {
      const role = await newRole(admin, organization.id)
      const changed = await call(admin, 'PUT', `/api/v1/organizations/${organization.id}/roles/${role.id}`, {
        document: { ...treasurer, data: { ...treasurer.data, description: 'Keeps the books, and more.' } },
      })
      expect(changed.status, changed.text).toBe(200)
      // Neither the server's access log nor any fetch in this process saw the pinning route.
      expect(pinRequests()).toBe(before)
      const calls = fetched.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input))
      expect(calls.filter((url) => url.includes('/pinning/'))).toEqual([])
      // Pinned all the same, in Charter's own store, and served by its gateway.
      const served = await fetch(changed.body.gateway_url)
      expect(served.status).toBe(200)
      expect(JSON.parse(await served.text()).data.description).toBe('Keeps the books, and more.')
    } finally {
      fetched.mockRestore()
    }
  })

  it('deleting a role ends its assignments', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const role = await newRole(admin, organization.id)
    const member = await join(admin, organization.id)
    await call(
      admin,
      'PUT',
      `/api/v1/organizations/${organization.id}/members/${member.userId}/roles/${role.id}`,
    )
    const deleted = await call(admin, 'DELETE', `/api/v1/organizations/${organization.id}/roles/${role.id}`)
    expect(deleted.status).toBe(204)
    expect((await call(member, 'GET', '/api/v1/my_roles')).body.roles).toEqual([])
    const view = await call(admin, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(view.body.roles).toEqual([])
    expect(
      view.body.members.find((each: { user_id: string }) => each.user_id === member.userId).role_ids,
    ).toEqual([])
  })
})

/** Someone holding only a copy of a member's session cookie or bearer token, with a device key of their own. */
function thief(victim: Signed, kind: 'cookie' | 'bearer') {
  const headers: Record<string, string> =
    kind === 'bearer' ? { authorization: `Bearer ${victim.token}` } : { cookie: victim.api.cookie ?? '' }
  return new WalletCaller(new ApiClient(server.url, { headers }))
}

/** An organisation with a role, a member who holds it, and an invitation waiting for someone signed in elsewhere. */
async function scene() {
  const admin = await signIn('email')
  const organization = await newOrganization(admin)
  const role = await newRole(admin, organization.id)
  const member = await join(admin, organization.id)
  const o = organization.id
  const assigned = await call(
    admin,
    'PUT',
    `/api/v1/organizations/${o}/members/${member.userId}/roles/${role.id}`,
  )
  expect(assigned.status, assigned.text).toBe(200)
  const invitee = await signIn('phone')
  const invited = await call(admin, 'POST', `/api/v1/organizations/${o}/invitations`, {
    phone_number: invitee.address,
  })
  expect(invited.status, invited.text).toBe(200)
  return { admin, organization, role, member, invitee, invitationId: invited.body.id as string }
}

const viewOf = async (who: Signed, organizationId: string) => {
  const view = await call(who, 'GET', `/api/v1/organizations/${organizationId}`)
  expect(view.status, view.text).toBe(200)
  return view.body
}

describe('a stolen session without the device key changes nothing', () => {
  for (const kind of ['cookie', 'bearer'] as const) {
    it(`with only an admin’s ${kind}: no role made, edited, deleted or assigned, nobody invited, promoted or removed, no invitation answered`, async () => {
      const { admin, organization, role, member, invitee, invitationId } = await scene()
      const o = organization.id
      const before = await viewOf(admin, o)
      const stolen = thief(admin, kind)
      // The session does work for reading, so the refusals below are about the device key, not the session.
      expect((await stolen.api.get(`/api/v1/organizations/${o}`)).status).toBe(200)
      const thiefAddress = uniqueEmail()
      const attempts: [AuthorizationMethod, string, unknown][] = [
        ['POST', '/api/v1/organizations', { document: orgDocument('The thief’s club') }],
        ['PUT', `/api/v1/organizations/${o}/document`, { document: orgDocument('Taken') }],
        ['POST', `/api/v1/organizations/${o}/roles`, { document: treasurer }],
        [
          'PUT',
          `/api/v1/organizations/${o}/roles/${role.id}`,
          { document: { ...treasurer, data: { ...treasurer.data, description: 'Pays the thief.' } } },
        ],
        ['DELETE', `/api/v1/organizations/${o}/roles/${role.id}`, {}],
        ['POST', `/api/v1/organizations/${o}/invitations`, { email: thiefAddress, membership: 'admin' }],
        ['POST', `/api/v1/organizations/${o}/invitations`, { email: thiefAddress, membership: 'member' }],
        ['DELETE', `/api/v1/organizations/${o}/invitations/${invitationId}`, {}],
        ['PUT', `/api/v1/organizations/${o}/members/${admin.userId}/roles/${role.id}`, {}],
        ['DELETE', `/api/v1/organizations/${o}/members/${member.userId}/roles/${role.id}`, {}],
        ['PATCH', `/api/v1/organizations/${o}/members/${member.userId}`, { membership: 'admin' }],
        ['DELETE', `/api/v1/organizations/${o}/members/${member.userId}`, {}],
      ]
      // The invitee's stolen session cannot answer the invitation either.
      const stolenInvitee = thief(invitee, kind)
      const answers: [WalletCaller, AuthorizationMethod, string, unknown][] = [
        ...attempts.map(([method, path, body]): [WalletCaller, AuthorizationMethod, string, unknown] => [
          stolen,
          method,
          path,
          body,
        ]),
        [stolenInvitee, 'POST', `/api/v1/invitations/${invitationId}/accept`, {}],
        [stolenInvitee, 'POST', `/api/v1/invitations/${invitationId}/decline`, {}],
      ]
      for (const [who, method, path, body] of answers) {
        const unsigned = await who.api.request(method, path, body)
        expect({ method, path, status: unsigned.status, code: unsigned.body.code }).toEqual({
          method,
          path,
          status: 401,
          code: 'missing_or_invalid_mfa',
        })
        expect(unsigned.body.error).toContain('privy-authorization-signature')
        // Signed with the thief's own key, which the session was never bound to.
        const signed = await who.send(method, path, body)
        expect({ method, path, status: signed.status, code: signed.body.code }).toEqual({
          method,
          path,
          status: 401,
          code: 'missing_or_invalid_mfa',
        })
        expect(signed.body.error).toContain('does not match')
      }
      // Nothing changed: the organisation, its role and members, the invitation; no organisation of the thief's.
      expect(await viewOf(admin, o)).toEqual(before)
      expect((await call(admin, 'GET', '/api/v1/organizations')).body.organizations).toHaveLength(1)
      expect(
        (await call(invitee, 'GET', '/api/v1/invitations')).body.invitations.map(
          (each: { id: string }) => each.id,
        ),
      ).toEqual([invitationId])
      expect((await call(invitee, 'GET', `/api/v1/organizations/${o}`)).status).toBe(404)
    })
  }

  it('a session signed in without a device key is told what it lacks and how to add one', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const address = uniqueEmail()
    const invited = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/invitations`, {
      email: address,
    })
    // Signed in as an SDK client does, without a key: it reads, and changes nothing.
    const sdk = new ApiClient(server.url)
    expect((await sdk.signInByEmail(address)).status).toBe(200)
    expect((await sdk.get('/api/v1/invitations')).body.invitations).toHaveLength(1)
    for (const [path, body] of [
      [`/api/v1/invitations/${invited.body.id}/accept`, undefined],
      ['/api/v1/organizations', { document: orgDocument('Mine') }],
    ] as const) {
      const refused = await sdk.post(path, body)
      expect(refused.status, path).toBe(401)
      expect(refused.body.code, path).toBe('missing_or_invalid_mfa')
      expect(refused.body.error, path).toMatch(
        /^Changing an organisation .* needs the signature of this session's device key \(privy-authorization-signature\), and this session has no device key\. Add one: .*register_key/,
      )
    }
    expect((await sdk.get('/api/v1/organizations')).body.organizations).toEqual([])
  })
})

describe('a signed change is good only as it was signed', () => {
  it('refuses another session’s key, another body, URL or method, and an expired signature; the genuine one passes', async () => {
    const { admin, organization, role, member } = await scene()
    const o = organization.id
    const other = await newRole(admin, o, { type: '1.0', data: { name: 'Secretary' } })
    const rolePath = `/api/v1/organizations/${o}/roles/${role.id}`
    const assignPath = `/api/v1/organizations/${o}/members/${member.userId}/roles/${role.id}`
    const edited = {
      document: { ...treasurer, data: { ...treasurer.data, description: 'Keeps the books, weekly.' } },
    }
    // The admin's other device: a session of its own, bound to a key of its own.
    const otherDevice = new WalletCaller(new ApiClient(server.url))
    expect((await otherDevice.signIn('email', admin.address)).status).toBe(200)
    const before = await viewOf(admin, o)

    const refused: [string, Reply][] = [
      [
        'another session’s key',
        await admin.caller.send('PUT', rolePath, edited, { key: otherDevice.privateKey }),
      ],
      [
        'another body',
        await admin.caller.send('PUT', rolePath, edited, { sentBody: { document: orgDocument('Swapped') } }),
      ],
      [
        'another URL (the signature of an edit of the other role)',
        await admin.caller.send('PUT', rolePath, edited, {
          signed: { path: `/api/v1/organizations/${o}/roles/${other.id}` },
        }),
      ],
      // An assignment's signature, sent as the unassignment of the very same path.
      ['another method', await admin.caller.send('DELETE', assignPath, {}, { signed: { method: 'PUT' } })],
    ]
    for (const [what, answer] of refused) {
      expect({ what, status: answer.status, code: answer.body.code }).toEqual({
        what,
        status: 401,
        code: 'missing_or_invalid_mfa',
      })
      expect(answer.body.error).toBe(
        "The request's signature (privy-authorization-signature) does not match this session's device key.",
      )
    }
    const expired = await admin.caller.send('PUT', rolePath, edited, {
      headers: { 'privy-request-expiry': String(Date.now() - 60_000) },
    })
    expect(expired.status).toBe(400)
    expect(expired.body.error).toMatch(/^This request expired at /)
    const unexpiring = await admin.caller.send('PUT', rolePath, edited, { omitExpiry: true })
    expect(unexpiring.status).toBe(400)
    expect(unexpiring.body.error).toMatch(/^privy-request-expiry: required/)
    expect(await viewOf(admin, o)).toEqual(before)

    // The genuine requests pass, from either of the admin's devices, each with its own session's key.
    const saved = await admin.caller.send('PUT', rolePath, edited)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.document).toEqual(edited.document)
    const unassigned = await otherDevice.send('DELETE', assignPath, {})
    expect(unassigned.status, unassigned.text).toBe(200)
    expect(unassigned.body.role_ids).toEqual([])
  })
})

describe('attacks on organisations', () => {
  it('another organisation’s id is 404 on every route, as one that does not exist', async () => {
    const owner = await signIn('email')
    const theirs = await newOrganization(owner, 'Theirs')
    const theirRole = await newRole(owner, theirs.id)
    const theirInvitation = await call(owner, 'POST', `/api/v1/organizations/${theirs.id}/invitations`, {
      email: uniqueEmail(),
    })
    const intruder = await signIn('phone')
    // The intruder is an admin of an organisation of their own: being an admin elsewhere gives nothing here.
    await newOrganization(intruder, 'Mine')
    const o = theirs.id
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/organizations/${o}`],
      ['PUT', `/api/v1/organizations/${o}/document`, { document: orgDocument('Taken') }],
      ['GET', `/api/v1/organizations/${o}/history`],
      ['POST', `/api/v1/organizations/${o}/roles`, { document: treasurer }],
      ['PUT', `/api/v1/organizations/${o}/roles/${theirRole.id}`, { document: treasurer }],
      ['DELETE', `/api/v1/organizations/${o}/roles/${theirRole.id}`],
      ['GET', `/api/v1/organizations/${o}/roles/${theirRole.id}/history`],
      ['POST', `/api/v1/organizations/${o}/invitations`, { email: uniqueEmail() }],
      ['DELETE', `/api/v1/organizations/${o}/invitations/${theirInvitation.body.id}`],
      ['PUT', `/api/v1/organizations/${o}/members/${intruder.userId}/roles/${theirRole.id}`],
      ['DELETE', `/api/v1/organizations/${o}/members/${owner.userId}/roles/${theirRole.id}`],
      ['PATCH', `/api/v1/organizations/${o}/members/${owner.userId}`, { membership: 'member' }],
      ['DELETE', `/api/v1/organizations/${o}/members/${owner.userId}`],
    ]
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const [method, path, body] of attempts) {
      const answer = await call(intruder, method, path, body)
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({
        method,
        path,
        status: 404,
        body: { error: 'There is no such organisation.', code: 'not_found' },
      })
      // The very same answer for an organisation that does not exist at all.
      const none = await call(intruder, method, path.replace(o, unknown), body)
      expect(none.status).toBe(404)
      expect(none.body).toEqual(answer.body)
    }
    // Nothing changed.
    const view = await call(owner, 'GET', `/api/v1/organizations/${o}`)
    expect(view.body).toMatchObject({
      name: 'Theirs',
      cid: theirs.cid,
      roles: [{ id: theirRole.id, holders: [] }],
    })
    expect(view.body.members).toHaveLength(1)
    expect(view.body.invitations[0].status).toBe('pending')
  })

  it('a member acting as admin is 403 and changes nothing', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const role = await newRole(admin, organization.id)
    const member = await join(admin, organization.id)
    const o = organization.id
    const view = await call(member, 'GET', `/api/v1/organizations/${o}`)
    expect(view.status).toBe(200)
    expect(view.body.invitations).toEqual([])
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/v1/organizations/${o}/document`, { document: orgDocument('Taken') }],
      ['POST', `/api/v1/organizations/${o}/roles`, { document: treasurer }],
      ['PUT', `/api/v1/organizations/${o}/roles/${role.id}`, { document: treasurer }],
      ['DELETE', `/api/v1/organizations/${o}/roles/${role.id}`],
      ['POST', `/api/v1/organizations/${o}/invitations`, { email: uniqueEmail(), membership: 'admin' }],
      ['PUT', `/api/v1/organizations/${o}/members/${member.userId}/roles/${role.id}`],
      ['PATCH', `/api/v1/organizations/${o}/members/${member.userId}`, { membership: 'admin' }],
      ['PATCH', `/api/v1/organizations/${o}/members/${admin.userId}`, { membership: 'member' }],
      ['DELETE', `/api/v1/organizations/${o}/members/${admin.userId}`],
    ]
    for (const [method, path, body] of attempts) {
      const answer = await call(member, method, path, body)
      expect({ method, path, status: answer.status, code: answer.body?.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden',
      })
    }
    const after = await call(admin, 'GET', `/api/v1/organizations/${o}`)
    expect(after.body).toMatchObject({
      name: 'Garden club',
      roles: [{ id: role.id, cid: role.cid, holders: [] }],
    })
    expect(after.body.members.map((each: { membership: string }) => each.membership)).toEqual([
      'admin',
      'member',
    ])
    expect(after.body.invitations.filter((each: { status: string }) => each.status === 'pending')).toEqual([])
  })

  it('an invitation taken by someone signed in with another address is 404; a used or revoked one is 409', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const invitee = await signIn('phone')
    const invite = () =>
      call(admin, 'POST', `/api/v1/organizations/${organization.id}/invitations`, {
        phone_number: invitee.address,
      })
    const first = await invite()
    const stranger = await signIn('phone')
    expect((await call(stranger, 'GET', '/api/v1/invitations')).body.invitations).toEqual([])
    for (const action of ['accept', 'decline']) {
      const taken = await call(stranger, 'POST', `/api/v1/invitations/${first.body.id}/${action}`)
      expect(taken.status).toBe(404)
      expect(taken.body).toEqual({ error: 'There is no such invitation for you.', code: 'not_found' })
    }
    expect((await call(stranger, 'GET', `/api/v1/organizations/${organization.id}`)).status).toBe(404)

    expect((await call(invitee, 'POST', `/api/v1/invitations/${first.body.id}/accept`)).status).toBe(200)
    const replayed = await call(invitee, 'POST', `/api/v1/invitations/${first.body.id}/accept`)
    expect(replayed.status).toBe(409)
    expect(replayed.body).toEqual({
      error: 'This invitation was already accepted; ask an admin for a new one.',
      code: 'conflict',
    })

    const second = await invite()
    const revoked = await call(
      admin,
      'DELETE',
      `/api/v1/organizations/${organization.id}/invitations/${second.body.id}`,
    )
    expect(revoked.status).toBe(200)
    expect(revoked.body.status).toBe('revoked')
    const afterRevoke = await call(invitee, 'POST', `/api/v1/invitations/${second.body.id}/accept`)
    expect(afterRevoke.status).toBe(409)
    expect(afterRevoke.body.error).toBe('This invitation was already revoked; ask an admin for a new one.')

    const third = await invite()
    const declined = await call(invitee, 'POST', `/api/v1/invitations/${third.body.id}/decline`)
    expect(declined.body.status).toBe('declined')
    expect((await call(invitee, 'POST', `/api/v1/invitations/${third.body.id}/accept`)).status).toBe(409)
    expect(
      (await call(admin, 'DELETE', `/api/v1/organizations/${organization.id}/invitations/${third.body.id}`))
        .status,
    ).toBe(409)
  })

  it('an invalid phone number is refused with the core’s words', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const answer = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/invitations`, {
      phone_number: '+1 555',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_data')
    expect(answer.body.error).toMatch(/^phone_number: /)
  })

  it('hostile documents: kept exactly as data, refused when too big or too long, each bad path named', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const html = '<img src=x onerror=alert(1)><script>alert(1)</script>'
    const hostile = {
      type: '1.0',
      data: {
        name: `${html} name`,
        description: html,
        responsibilities: [{ label: html, description: html, link: 'javascript:alert(1)', imageUrl: html }],
        authorities: [{ label: html, link: 'JaVaScRiPt:alert(document.cookie)', gate: html }],
        [html]: html,
      },
    }
    const role = await newRole(admin, organization.id, hostile)
    expect(role.name).toBe(`${html} name`)
    expect(role.document).toEqual(hostile)
    const served = await fetch(role.gateway_url)
    expect(served.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await served.text()).toBe(JSON.stringify(hostile))

    // `__proto__` as a key: kept as data, in the answer and at the gateway, and no object gains a prototype.
    const text = `{"document":{"type":"1.0","data":{"name":"Proto","__proto__":{"polluted":"yes"},"responsibilities":[{"label":"x","__proto__":{"isAdmin":true}}]}}}`
    const proto = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/roles`, text)
    expect(proto.status, proto.text).toBe(200)
    expect(proto.text).toContain('"__proto__":{"polluted":"yes"}')
    expect(JSON.parse(proto.text).document).toEqual(JSON.parse(text).document)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect(await (await fetch(JSON.parse(proto.text).gateway_url)).text()).toBe(
      JSON.stringify(JSON.parse(text).document),
    )

    const huge = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/roles`, {
      document: { type: '1.0', data: { name: 'Huge', description: 'x'.repeat(1024 * 1024) } },
    })
    expect(huge.status).toBe(413)
    expect(huge.body.code).toBe('payload_too_large')

    const many = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/roles`, {
      document: {
        type: '1.0',
        data: {
          name: 'Many',
          responsibilities: Array.from({ length: 10_000 }, (_, i) => ({ label: `r${i}` })),
        },
      },
    })
    expect(many.status).toBe(400)
    expect(many.body).toEqual({
      error: 'data.responsibilities: at most 200 items (this document has 10000).',
      code: 'invalid_data',
    })

    const wrong = await call(admin, 'POST', `/api/v1/organizations/${organization.id}/roles`, {
      document: { type: '2.0', data: { name: ' ', responsibilities: [{ label: 3 }] } },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('invalid_data')
    for (const path of ['type', 'data.name', 'data.responsibilities[0].label'])
      expect(wrong.body.error).toContain(path)

    // None of the refused documents became a role.
    const view = await call(admin, 'GET', `/api/v1/organizations/${organization.id}`)
    expect(view.body.roles.map((each: { name: string }) => each.name)).toEqual([`${html} name`, 'Proto'])
  })
})

describe('the last admin', () => {
  it('cannot leave, be removed or be demoted; another admin first', async () => {
    const admin = await signIn('email')
    const organization = await newOrganization(admin)
    const o = organization.id
    const leave = await call(admin, 'DELETE', `/api/v1/organizations/${o}/members/${admin.userId}`)
    expect(leave.status).toBe(400)
    expect(leave.body).toEqual({
      error: 'The last admin cannot leave: make another member an admin first.',
      code: 'invalid_data',
    })
    const demote = await call(admin, 'PATCH', `/api/v1/organizations/${o}/members/${admin.userId}`, {
      membership: 'member',
    })
    expect(demote.status).toBe(400)
    expect(demote.body.error).toBe('The last admin cannot be demoted: make another member an admin first.')

    const member = await join(admin, o)
    const promoted = await call(admin, 'PATCH', `/api/v1/organizations/${o}/members/${member.userId}`, {
      membership: 'admin',
    })
    expect(promoted.body.membership).toBe('admin')
    expect((await call(admin, 'DELETE', `/api/v1/organizations/${o}/members/${admin.userId}`)).status).toBe(
      204,
    )
    expect((await call(member, 'GET', `/api/v1/organizations/${o}`)).body.members).toHaveLength(1)
  })

  it('two admins demoting each other at once leave one admin', async () => {
    const first = await signIn('email')
    const organization = await newOrganization(first)
    const o = organization.id
    const second = await join(first, o, 'admin')
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([
        call(first, 'PATCH', `/api/v1/organizations/${o}/members/${second.userId}`, {
          membership: 'member',
        }),
        call(second, 'PATCH', `/api/v1/organizations/${o}/members/${first.userId}`, {
          membership: 'member',
        }),
      ])
      const statuses = [a.status, b.status].sort()
      // One wins; the other is refused, as the last admin or as one who is no longer an admin.
      expect(statuses[0]).toBe(200)
      expect([400, 403]).toContain(statuses[1])
      const view = await call(first, 'GET', `/api/v1/organizations/${o}`)
      const members =
        view.status === 200
          ? view.body.members
          : (await call(second, 'GET', `/api/v1/organizations/${o}`)).body.members
      expect(members.filter((each: { membership: string }) => each.membership === 'admin')).toHaveLength(1)
      // Make both admins again for the next round.
      const stillAdmin = a.status === 200 ? first : second
      const other = stillAdmin === first ? second : first
      await call(stillAdmin, 'PATCH', `/api/v1/organizations/${o}/members/${other.userId}`, {
        membership: 'admin',
      })
    }
  })
})
