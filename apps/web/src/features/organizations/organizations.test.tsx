import type { CharterUser } from '@charter/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { phoneUser } from '../../testing/fixtures.ts'
import { orgServer } from '../../testing/orgServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer } from '../../testing/stubAnswers.ts'
import { type ApiHandler, stubApi } from '../../testing/stubApi.ts'
import { browserKeyStore } from '../walletProxy/index.ts'
import { makeWalletKey } from '../walletProxy/makeWalletKey.ts'

const slow = { timeout: 5_000 }
const invitee: CharterUser = {
  ...phoneUser,
  id: 'did:charter:invitee000000000000000000',
  linked_accounts: [
    {
      type: 'phone',
      phoneNumber: '+14155552672',
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
}
const doc = (name: string, data: Record<string, unknown> = {}) => ({ type: '1.0', data: { name, ...data } })

/** The stand-ins, with `phoneUser` (an admin of what they create) signed in unless `as` says otherwise. */
async function start(as: CharterUser = phoneUser, overrides: Record<string, ApiHandler> = {}) {
  let current: CharterUser = phoneUser
  const server = await signedInOnThisDevice({ member: as })
  const orgs = orgServer({
    people: [phoneUser, invitee],
    signedIn: () => current,
    signed: server.signedRoute,
  })
  const api = stubApi({ ...server.routes, ...orgs.routes, ...overrides })
  /** Calls the organisations API as `who`, as another browser would (signed with that browser's own key). */
  const callAs = async <T,>(
    who: CharterUser,
    route: string,
    params: Record<string, string>,
    body?: unknown,
  ) => {
    const [method = '', path = ''] = route.split(' ')
    const handler = orgs.direct[route]
    if (!handler) throw new Error(`no route ${route}`)
    const before = current
    current = who
    const response = await handler({ method, path, body, query: {}, headers: {} }, params)
    current = before
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`)
    return (response.status === 204 ? undefined : await response.json()) as T
  }
  current = as
  return { orgs, api, server, callAs }
}

async function seedOrganization(callAs: Awaited<ReturnType<typeof start>>['callAs']) {
  const org = await callAs<{ id: string }>(
    phoneUser,
    'POST /api/v1/organizations',
    {},
    { document: doc('Acme') },
  )
  const role = await callAs<{ id: string }>(
    phoneUser,
    'POST /api/v1/organizations/:id/roles',
    { id: org.id },
    {
      document: doc('Treasurer', { responsibilities: [{ label: 'Keep the books' }] }),
    },
  )
  return { orgId: org.id, roleId: role.id }
}

describe('organisations and roles', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('creates an organisation, then refuses a role with a blank name or label, beside the field', async () => {
    const user = userEvent.setup()
    await start()
    renderApp('/organizations')
    await user.type(await screen.findByLabelText('Name', undefined, slow), 'Acme')
    await user.click(screen.getByRole('button', { name: 'Create organisation' }))
    await screen.findByRole('heading', { name: 'Acme', level: 1 }, slow)
    expect(screen.getByText('You are an admin of this organisation.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Write a new role' }))
    expect(await screen.findByText(/Role documents are public/, undefined, slow)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add a responsibility' }))
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must not be blank.')
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription(
      'Label must not be blank.',
    )
    expect(screen.getByRole('alert')).toHaveTextContent('2 fields need attention')
  })

  it('says beside the list, before saving, that a role holds at most 200 responsibilities', async () => {
    const user = userEvent.setup()
    const { api, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    const full = Array.from({ length: 200 }, (_, index) => ({ label: `Duty ${index + 1}` }))
    const role = await callAs<{ id: string }>(
      phoneUser,
      'POST /api/v1/organizations/:id/roles',
      { id: orgId },
      { document: doc('Clerk', { responsibilities: full }) },
    )
    renderApp(`/organizations/${orgId}/roles/${role.id}`)
    await user.click(await screen.findByRole('button', { name: 'Add a responsibility' }, slow))
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    expect(
      screen.getByText('Responsibilities: at most 200 items (this document has 201).'),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('one field needs attention')
    expect(api.bodiesOf('PUT /api/v1/organizations/:id/roles/:role_id')).toHaveLength(0)
  }, 60_000)

  it('saves responsibilities in the order the buttons put them, and shows the CID and its gateway link', async () => {
    const user = userEvent.setup()
    const { orgs, api, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}/roles/new`)
    await user.type(await screen.findByLabelText('Name', undefined, slow), 'Secretary')
    await user.click(screen.getByRole('button', { name: 'Add a responsibility' }))
    await user.click(screen.getByRole('button', { name: 'Add a responsibility' }))
    const labels = screen.getAllByRole('textbox', { name: 'Label' })
    await user.type(labels[0] as HTMLElement, 'Take minutes')
    await user.type(labels[1] as HTMLElement, 'Call meetings')
    await user.click(screen.getByRole('button', { name: 'Add an authority' }))
    const authority = screen.getByRole('group', { name: 'Authority 1' })
    await user.type(within(authority).getByRole('textbox', { name: 'Label' }), 'Sign letters')
    await user.type(
      within(authority).getByRole('textbox', { name: /Gate/ }),
      '0x0000000000000000000000000000000000000001',
    )
    await user.click(screen.getByRole('button', { name: 'Move Responsibility 1 down' }))
    // Focus moves with the item: its own Down button, now the second item's and at the end of the list.
    expect(screen.getByRole('button', { name: 'Move Responsibility 2 down' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Move Responsibility 2 down' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    // A saved role leads on: back to the organisation to give it to someone, its CID last, as where it was published.
    expect(
      await screen.findByRole('heading', { name: 'Role saved: Secretary', level: 1 }, slow),
    ).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Next: give it to someone', level: 2 })).toBeVisible()
    const assign = screen.getByRole('link', { name: 'Assign this role' })
    expect(assign.getAttribute('href')).toMatch(/^\/organizations\/org-\d+\?assign=role-\d+$/)
    const saved = screen.getByText(/^Published as/)
    const sent = api.bodiesOf('POST /api/v1/organizations/:id/roles').at(-1) as { document: unknown }
    expect(sent.document).toEqual(
      doc('Secretary', {
        responsibilities: [{ label: 'Call meetings' }, { label: 'Take minutes' }],
        authorities: [{ label: 'Sign letters', gate: '0x0000000000000000000000000000000000000001' }],
      }),
    )
    const cid = within(saved).getByText(/^bafkrei/).textContent as string
    expect(screen.getByRole('link', { name: 'Open the published document' })).toHaveAttribute(
      'href',
      `http://localhost/ipfs/${cid}`,
    )
    expect(orgs.pin(sent.document)).toBe(cid)
  })

  it('lists both versions of an edited role and shows what changed, field by field', async () => {
    const user = userEvent.setup()
    const { callAs } = await start()
    const { orgId, roleId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}/roles/${roleId}`)
    const name = await screen.findByLabelText('Name', undefined, slow)
    await user.clear(name)
    await user.type(name, 'Chief treasurer')
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    await screen.findByRole('button', { name: 'View version 2' }, slow)
    expect(screen.getByRole('button', { name: 'View version 1' })).toBeInTheDocument()
    const diff = await screen.findByRole('table', { name: 'Changes between the two versions' }, slow)
    const rows = within(diff).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['data.nameTreasurerChief treasurer'])
    await user.click(screen.getByRole('button', { name: 'View version 1' }))
    expect(await screen.findByRole('article', { name: 'Document: Treasurer' }, slow)).toHaveTextContent(
      'Keep the books',
    )
  })

  it('asks before deleting a role: the first click deletes nothing, Keep it keeps it, only Delete role deletes', async () => {
    const user = userEvent.setup()
    const { api, callAs } = await start()
    const { orgId, roleId } = await seedOrganization(callAs)
    await callAs(phoneUser, 'PUT /api/v1/organizations/:id/members/:user_id/roles/:role_id', {
      id: orgId,
      user_id: phoneUser.id,
      role_id: roleId,
    })
    const deletes = () => api.calls.filter((call) => call.method === 'DELETE')
    renderApp(`/organizations/${orgId}/roles/${roleId}`)
    const ask = await screen.findByRole('button', { name: 'Delete the role Treasurer' }, slow)
    await user.click(ask)
    const question = screen.getByText('Delete the role Treasurer?')
    expect(question).toHaveFocus()
    expect(screen.getByRole('group', { name: 'Delete the role Treasurer?' })).toHaveTextContent(
      'It ends the role for the 1 person who holds it. Its pinned versions stay readable by their CIDs.',
    )
    expect(deletes()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('button', { name: 'Delete role' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete the role Treasurer' })).toHaveFocus()
    expect(deletes()).toEqual([])
    // By keyboard alone: Enter asks, Tab reaches the destructive button, Escape keeps the role.
    await user.keyboard('{Enter}')
    expect(screen.getByText('Delete the role Treasurer?')).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Delete role' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Delete the role Treasurer' })).toHaveFocus()
    expect(deletes()).toEqual([])
    await user.keyboard('{Enter}')
    await user.tab()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Acme', level: 1 }, slow)).toBeInTheDocument()
    expect(await screen.findByText('No roles yet.', undefined, slow)).toBeInTheDocument()
    expect(screen.queryByText('There is no such role in this organisation.')).not.toBeInTheDocument()
    expect(deletes().map((call) => call.path)).toEqual([
      `/api/v1/organizations/${encodeURIComponent(orgId)}/roles/${encodeURIComponent(roleId)}`,
    ])
  })

  it('lets an admin edit the organisation’s own details, and lists their versions', async () => {
    const user = userEvent.setup()
    const { callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}`)
    await user.click(await screen.findByText('Edit the organisation’s details', undefined, slow))
    expect(screen.getByText(/The organisation’s document is public/)).toBeInTheDocument()
    const description = screen.getByLabelText('Description (optional)')
    await user.type(description, 'We make anvils.')
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('Saved.', undefined, slow)).toBeInTheDocument()
    await screen.findByRole('button', { name: 'View version 2' }, slow)
    const diff = await screen.findByRole('table', { name: 'Changes between the two versions' }, slow)
    expect(
      within(diff)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['data.description(none)We make anvils.'])
  }, 20_000)

  it('imports a matching document by ipfs:// URI and makes a role of it, prefilled', async () => {
    const user = userEvent.setup()
    const { orgs, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    const cid = orgs.pin(doc('Steward', { responsibilities: [{ label: 'Open the hall' }], hats: { id: 7 } }))
    renderApp(`/organizations/${orgId}`)
    await user.type(await screen.findByLabelText('CID or ipfs:// address', undefined, slow), `ipfs://${cid}`)
    await user.click(screen.getByRole('button', { name: 'Read document' }))
    expect(await screen.findByRole('article', { name: 'Document: Steward' }, slow)).toHaveTextContent(
      'Open the hall',
    )
    await user.click(screen.getByRole('link', { name: 'Make it a role' }))
    expect(await screen.findByLabelText('Name', undefined, slow)).toHaveValue('Steward')
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveValue('Open the hall')
  })

  it('shows a document that does not match as raw JSON with what is wrong, and refuses a path after the CID', async () => {
    const user = userEvent.setup()
    const { orgs, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    const cid = orgs.pin({ type: '2.0', data: { title: 'Not a role' } })
    renderApp(`/organizations/${orgId}`)
    const field = await screen.findByLabelText('CID or ipfs:// address', undefined, slow)
    await user.type(field, `${cid}/evil`)
    await user.click(screen.getByRole('button', { name: 'Read document' }))
    expect(field).toHaveAccessibleDescription(/Paste a CID/)
    await user.clear(field)
    await user.type(field, cid)
    await user.click(screen.getByRole('button', { name: 'Read document' }))
    expect(
      await screen.findByText(/not a role document Charter can read/, undefined, slow),
    ).toBeInTheDocument()
    expect(screen.getByText('type', { selector: 'code' })).toBeInTheDocument()
    expect(screen.getByText('data.name', { selector: 'code' })).toBeInTheDocument()
    expect(screen.getByText(/"title": "Not a role"/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Make it a role' })).not.toBeInTheDocument()
  })

  it('renders a hostile document as text: no javascript: link, no markup, no outside image', async () => {
    const user = userEvent.setup()
    const { orgs, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    const html = '<img src=x onerror="window.pwned=1"><b>bold</b>'
    const cid = orgs.pin(
      doc(html, {
        description: html,
        responsibilities: [
          {
            label: 'Click me',
            link: 'javascript:window.pwned=1',
            imageUrl: 'https://tracker.example/pixel.png',
          },
          { label: 'Safe', link: 'https://example.org/charter' },
          { label: 'Pinned', link: `ipfs://${orgs.pin(doc('Other'))}` },
        ],
      }),
    )
    const { container } = renderApp(`/organizations/${orgId}`)
    await user.type(await screen.findByLabelText('CID or ipfs:// address', undefined, slow), cid)
    await user.click(screen.getByRole('button', { name: 'Read document' }))
    const article = await screen.findByRole('article', { name: `Document: ${html}` }, slow)
    expect(within(article).getByRole('heading', { level: 3 })).toHaveTextContent(html)
    expect(within(article).queryByRole('link', { name: 'javascript:window.pwned=1' })).not.toBeInTheDocument()
    expect(within(article).getByText('javascript:window.pwned=1')).toBeInTheDocument()
    expect(within(article).getByText('https://tracker.example/pixel.png')).toBeInTheDocument()
    expect(within(article).getByRole('link', { name: 'https://example.org/charter' })).toHaveAttribute(
      'href',
      'https://example.org/charter',
    )
    expect(within(article).getByRole('link', { name: /^ipfs:\/\// })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/ipfs\/bafkrei/),
    )
    expect(container.querySelector('b, img[src="x"], img[src^="https://tracker"]')).toBeNull()
    expect((window as { pwned?: number }).pwned).toBeUndefined()
  })

  it('checks an invitation’s phone number with the sign-in rules, then sends it in E.164', async () => {
    const user = userEvent.setup()
    const { api, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}`)
    const field = await screen.findByRole('textbox', { name: 'Phone number' }, slow)
    await user.type(field, '+1 415')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    const phoneError = document.getElementById('invite-address-error')
    expect(phoneError?.textContent).toMatch(/\S/)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(api.bodiesOf('POST /api/v1/organizations/:id/invitations')).toEqual([])
    await user.clear(field)
    await user.type(field, '+1 415 555 2672')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(
      await screen.findByText(
        /^Invited \+1 415 555 2672: a text with the link is on its way/,
        undefined,
        slow,
      ),
    ).toBeInTheDocument()
    expect(api.bodiesOf('POST /api/v1/organizations/:id/invitations')).toEqual([
      { phone_number: '+14155552672', membership: 'member' },
    ])
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the invitation of +1 415 555 2672' }, slow),
    )
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revoke the invitation of +1 415 555 2672' }),
      ).not.toBeInTheDocument(),
    )
    await user.click(screen.getByRole('radio', { name: 'Email address' }))
    const email = screen.getByRole('textbox', { name: 'Email address' })
    await user.type(email, 'not an address')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    const emailError = screen.getByText('Enter an email address such as name@example.com.')
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(emailError.id)
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(
      'They get an email with a link to the invitation. Enter an email address such as name@example.com.',
    )
    await user.clear(email)
    await user.type(email, 'Ada@Example.com')
    // The mistake goes as soon as it is fixed, before anything is sent again.
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(email).toHaveAccessibleDescription(/^They get an email with a link to the invitation\.\s*$/)
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(
      await screen.findByText(/^Invited ada@example\.com: an email with the link/, undefined, slow),
    ).toBeInTheDocument()
  }, 20_000)

  it('invites a number typed nationally in the chosen country, in E.164, and says why a bad one is refused', async () => {
    const user = userEvent.setup()
    const { api, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}`)
    const country = await screen.findByRole('combobox', { name: 'Country or region' }, slow)
    const field = screen.getByRole('textbox', { name: 'Phone number' })
    await user.click(country)
    await user.keyboard('United Kingdom')
    await user.keyboard('{Enter}')
    expect(country).toHaveValue('United Kingdom (+44)')
    expect(field).toHaveFocus()
    await user.type(field, '07400 1')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(/This phone number is too short/)
    expect(api.bodiesOf('POST /api/v1/organizations/:id/invitations')).toEqual([])
    await user.type(field, '23456')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText(/^Invited \+44 7400 123456:/, undefined, slow)).toBeInTheDocument()
    expect(field).toHaveValue('')
    // A whole international number still works whatever country is chosen, and the picker follows it.
    await user.type(field, '+1 415 555 2672')
    expect(country).toHaveValue('United States (+1)')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText(/^Invited \+1 415 555 2672:/, undefined, slow)).toBeInTheDocument()
    expect(api.bodiesOf('POST /api/v1/organizations/:id/invitations')).toEqual([
      { phone_number: '+447400123456', membership: 'member' },
      { phone_number: '+14155552672', membership: 'member' },
    ])
  }, 20_000)

  it('shows an invited member the invitation on their home; once in, their role and what it expects', async () => {
    const user = userEvent.setup()
    const { callAs } = await start(invitee)
    const { orgId, roleId } = await seedOrganization(callAs)
    await callAs(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672' },
    )
    const first = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation to Acme' }, slow))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument(),
    )
    expect(await screen.findByText(/You hold no role yet/, undefined, slow)).toBeInTheDocument()
    await callAs(phoneUser, 'PUT /api/v1/organizations/:id/members/:user_id/roles/:role_id', {
      id: orgId,
      user_id: invitee.id,
      role_id: roleId,
    })
    first.unmount()
    renderApp('/')
    const held = await screen.findByRole('listitem', { name: 'Treasurer in Acme' }, slow)
    expect(held).toHaveTextContent('Keep the books')
  })

  it('declines an invitation; it is gone and the organisation stays out of sight', async () => {
    const user = userEvent.setup()
    const { callAs } = await start(invitee)
    const { orgId } = await seedOrganization(callAs)
    await callAs(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672' },
    )
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Decline' }, slow))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument())
  })

  it('lets an admin assign and unassign a role, make a member an admin, and says why the last admin cannot leave', async () => {
    const user = userEvent.setup()
    const { api, server, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    const invitation = await callAs<{ id: string }>(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672' },
    )
    await callAs(invitee, 'POST /api/v1/invitations/:invitation_id/accept', { invitation_id: invitation.id })
    renderApp(`/organizations/${orgId}`)
    // Listed by the phone number in full, as it is dialled: never "*2672".
    const who = '+1 415 555 2672'
    const row = await screen.findByRole('listitem', { name: who }, slow)
    const roles = within(row).getByRole('group', { name: `Give ${who} a role` })
    await user.click(within(roles).getByRole('radio', { name: 'Treasurer' }))
    await user.click(within(row).getByRole('button', { name: 'Assign Treasurer' }))
    await waitFor(() => expect(within(row).getByText(/^Roles:/)).toHaveTextContent('Roles: Treasurer'))
    expect(screen.getByRole('link', { name: 'Treasurer' }).parentElement).toHaveTextContent(`held by ${who}`)
    await user.click(within(row).getByRole('button', { name: `Unassign Treasurer from ${who}` }))
    await waitFor(() => expect(within(row).getByText('No role yet')).toBeInTheDocument())
    await user.click(within(row).getByRole('button', { name: `Make ${who} an admin` }))
    expect(await within(row).findByRole('button', { name: `Make ${who} a member` }, slow)).toBeVisible()
    await user.click(within(row).getByRole('button', { name: `Make ${who} a member` }))
    const me = screen.getByRole('listitem', { name: /\(you\)$/ })
    await user.click(within(me).getByRole('button', { name: 'Leave the organisation' }))
    expect(await within(me).findByRole('alert', undefined, slow)).toHaveTextContent(
      'The last admin cannot leave',
    )
    // Every change went signed with this browser's key, over its own method (the stand-in checks each one).
    const changes = api.calls.filter(
      (call) => call.path.startsWith('/api/v1/organizations/') && call.method !== 'GET',
    )
    expect(changes.map((call) => call.method)).toEqual(['PUT', 'DELETE', 'PATCH', 'PATCH', 'DELETE'])
    for (const call of changes) expect(call.headers['privy-authorization-signature']).toMatch(/^[\w+/]+=*$/)
    expect(server.refused).toEqual([])
  }, 15_000)

  it('changes nothing from a browser whose key no longer matches the session, and says what to do', async () => {
    const user = userEvent.setup()
    const { api, callAs } = await start(invitee)
    const { orgId } = await seedOrganization(callAs)
    await callAs(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672' },
    )
    // The stored key was lost (storage cleared) and a new one made: the session keeps the key it was born with.
    await browserKeyStore().save(await makeWalletKey(invitee.id))
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation to Acme' }, slow))
    const invitations = screen.getByRole('region', { name: 'Invitations' })
    expect(await within(invitations).findByRole('alert', undefined, slow)).toHaveTextContent(
      'This browser’s wallet key no longer matches your session. Sign out and sign in again',
    )
    expect(api.bodiesOf('POST /api/v1/invitations/:invitation_id/accept')).toEqual([])
    expect(screen.getByRole('button', { name: 'Accept the invitation to Acme' })).toBeInTheDocument()
  }, 15_000)

  it('shows a plain member the organisation read-only, and a non-member nothing of it', async () => {
    const { callAs } = await start(invitee)
    const { orgId, roleId } = await seedOrganization(callAs)
    const invitation = await callAs<{ id: string }>(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672' },
    )
    const outsider = renderApp(`/organizations/${orgId}`)
    expect(await screen.findByRole('alert', undefined, slow)).toHaveTextContent(
      'There is no such organisation.',
    )
    outsider.unmount()
    await callAs(invitee, 'POST /api/v1/invitations/:invitation_id/accept', { invitation_id: invitation.id })
    renderApp(`/organizations/${orgId}`)
    expect(await screen.findByText(/Only its admins change it/, undefined, slow)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Treasurer' })).toHaveAttribute(
      'href',
      `/organizations/${orgId}/roles/${roleId}`,
    )
    expect(screen.queryByRole('link', { name: 'Write a new role' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leave the organisation' })).toBeInTheDocument()
  })

  it('opens an invitation’s link: its owner accepts under the name the inviter gave, someone else learns nothing', async () => {
    const user = userEvent.setup()
    const { orgs, api, callAs } = await start(invitee)
    const { orgId } = await seedOrganization(callAs)
    const invitation = await callAs<{ id: string }>(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672', name: 'Ben Ode' },
    )
    // The token rides after `#`, as in the text: the page reads it from there.
    window.history.replaceState(null, '', `/organizations/invitation#${orgs.linkOf(invitation.id)}`)
    const view = renderApp('/organizations/invitation')
    expect(await screen.findByRole('heading', { name: 'Join Acme', level: 1 }, slow)).toBeVisible()
    // The member has no name of their own yet: the inviter's choice is offered, once that is known.
    const name = await screen.findByRole(
      'textbox',
      { name: 'Your name, as your colleagues will see it' },
      slow,
    )
    expect(name).toHaveValue('Ben Ode')
    expect(name).toHaveAccessibleDescription(/^7 of 80 characters\./)
    // A limit shows before it is reached, a mistake once Accept is pressed, and it goes as soon as it is fixed.
    await user.clear(name)
    await user.type(name, 'x'.repeat(81))
    expect(name).toHaveAccessibleDescription(/^81 of 80 characters/)
    await user.click(screen.getByRole('button', { name: 'Accept the invitation to Acme' }))
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription(/Shorten it to 80 characters \(it has 81\)\.$/)
    expect(api.bodiesOf('POST /api/v1/invitations/:invitation_id/accept')).toEqual([])
    await user.type(name, '{Backspace}')
    expect(name).not.toHaveAttribute('aria-invalid')
    await user.clear(name)
    await user.type(name, 'Ben')
    await user.click(screen.getByRole('button', { name: 'Accept the invitation to Acme' }))
    expect(await screen.findByRole('heading', { name: 'Acme', level: 1 }, slow)).toBeVisible()
    expect(api.bodiesOf('POST /api/v1/invitations/:invitation_id/accept')).toEqual([{ display_name: 'Ben' }])
    expect(screen.getByRole('listitem', { name: 'Ben (you)' })).toBeInTheDocument()
    view.unmount()
    window.history.replaceState(null, '', '/')
  }, 20_000)

  it('offers the member’s own name, not the inviter’s choice, and no name field until it is read', async () => {
    const user = userEvent.setup()
    let release = () => {}
    const read = new Promise<void>((resolve) => {
      release = resolve
    })
    const { orgs, api, callAs } = await start(invitee, {
      'GET /api/v1/my_name': async () => {
        await read
        return answer({ display_name: 'Benjamin' })
      },
    })
    const { orgId } = await seedOrganization(callAs)
    const invitation = await callAs<{ id: string }>(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672', name: 'Ben Ode' },
    )
    window.history.replaceState(null, '', `/organizations/invitation#${orgs.linkOf(invitation.id)}`)
    const view = renderApp('/organizations/invitation')
    expect(await screen.findByRole('heading', { name: 'Join Acme', level: 1 }, slow)).toBeVisible()
    const label = { name: 'Your name, as your colleagues will see it' }
    // The member's own name is not read yet: no field, so the inviter's choice cannot stand in for it.
    expect(screen.queryByRole('textbox', label)).not.toBeInTheDocument()
    release()
    expect(await screen.findByRole('textbox', label, slow)).toHaveValue('Benjamin')
    await user.click(screen.getByRole('button', { name: 'Accept the invitation to Acme' }))
    expect(await screen.findByRole('heading', { name: 'Acme', level: 1 }, slow)).toBeVisible()
    expect(api.bodiesOf('POST /api/v1/invitations/:invitation_id/accept')).toEqual([
      { display_name: 'Benjamin' },
    ])
    view.unmount()
    window.history.replaceState(null, '', '/')
  }, 20_000)

  it('tells someone signed in with another address that the invitation is not theirs', async () => {
    const { orgs, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    const invitation = await callAs<{ id: string }>(
      phoneUser,
      'POST /api/v1/organizations/:id/invitations',
      { id: orgId },
      { phone_number: '+14155552672' },
    )
    window.history.replaceState(null, '', `/organizations/invitation#${orgs.linkOf(invitation.id)}`)
    renderApp('/organizations/invitation')
    expect(await screen.findByRole('alert', undefined, slow)).toHaveTextContent(
      'This invitation is for another phone number or email.',
    )
    expect(screen.queryByText(/Acme/)).not.toBeInTheDocument()
    window.history.replaceState(null, '', '/')
  })

  it('says a document is too large without naming a setting, and the words go as soon as it is changed', async () => {
    const user = userEvent.setup()
    const { callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}/roles/new`)
    await user.type(await screen.findByLabelText('Name', undefined, slow), 'Archivist')
    await user.click(screen.getByLabelText('Description (optional)'))
    await user.paste('x'.repeat(11_000))
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    const refusal = await screen.findByRole('alert', undefined, slow)
    expect(refusal).toHaveTextContent('The document is too large to publish: keep it under 9 KB.')
    expect(refusal.textContent).not.toMatch(/PINNING|bytes/)
    await user.type(screen.getByLabelText('Description (optional)'), '{Backspace}')
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument()
  }, 20_000)

  it('lets a member change the name they go by from their own row, checked before it is sent', async () => {
    const user = userEvent.setup()
    const { api, callAs } = await start()
    const { orgId } = await seedOrganization(callAs)
    renderApp(`/organizations/${orgId}`)
    const me = await screen.findByRole('listitem', { name: /\(you\)$/ }, slow)
    await user.click(within(me).getByText('Change your name'))
    const field = within(me).getByRole('textbox', { name: 'Your name, as your colleagues will see it' })
    await user.type(field, 'Ana{Enter}')
    expect(await within(me).findByRole('status', undefined, slow)).toHaveTextContent(
      'Saved: your colleagues now see you as Ana.',
    )
    expect(api.bodiesOf('PUT /api/v1/my_name')).toEqual([{ display_name: 'Ana' }])
    expect(await screen.findByRole('listitem', { name: 'Ana (you)' }, slow)).toBeInTheDocument()
  }, 20_000)
})
