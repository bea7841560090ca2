import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'

// Organisations over HTTP against the real server: the whole flow, and the attacks on it (another
// organisation's ids, a member acting as admin, invitations taken by someone else or replayed, hostile
// documents, the last admin).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

type Signed = { api: ApiClient; userId: string; address: string }

async function signIn(by: 'phone' | 'email', address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail()) {
  const api = new ApiClient(server.url)
  const answer = by === 'phone' ? await api.signInByPhone(address) : await api.signInByEmail(address)
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  return { api, userId: answer.body.user.id as string, address }
}

/**
 * Any request, answered as the test reads it. The paths are built at run time (`/organizations/${id}/roles`), and
 * a written path fits several routes' patterns, so the answers are read untyped.
 */
const call = (
  who: Signed,
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: see above.
): Promise<{ status: number; text: string; body: any }> => who.api.request(method, path, body)

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
      label: `*${phone.slice(-4)}`,
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
          holders: [{ user_id: invitee.userId, label: `*${phone.slice(-4)}` }],
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
