import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { otherSessionId } from '../../testing/walletServer.ts'

async function openSecurityPage() {
  const server = await signedInOnThisDevice()
  const api = stubApi(server.routes)
  const user = userEvent.setup()
  const app = renderApp('/security')
  const heading = await screen.findByRole('heading', { name: 'Security', level: 1 }, { timeout: 5000 })
  return { server, api, user, app, heading }
}

const sessionRows = async () => {
  const section = screen.getByRole('region', { name: 'Where you are signed in' })
  return within(within(section).getByRole('list')).getAllByRole('listitem')
}

describe('the Security page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('names the page, focuses its heading, and lists the sessions in plain words', async () => {
    const { heading } = await openSecurityPage()
    await waitFor(() => expect(heading).toHaveFocus())
    expect(document.title).toBe('Security · Charter')
    await screen.findByText('Chrome on Linux')
    const [mine, other] = await sessionRows()
    expect(mine).toHaveTextContent('Chrome on LinuxThis device')
    expect(mine).toHaveTextContent('From 127.0.0.1')
    expect(mine).toHaveTextContent(/Signed in .+Last used/)
    expect(within(mine as HTMLElement).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(other).toHaveTextContent('Safari on iPhone')
    expect(other).toHaveTextContent('From 203.0.113.7')
    expect(other).not.toHaveTextContent('This device')
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument()
  })

  it('lists this device first, even when another was used more lately', async () => {
    const server = await signedInOnThisDevice()
    // The server lists the most recently used first: here, the phone.
    server.sessions.reverse()
    expect(server.sessions[0]?.current).toBe(false)
    stubApi(server.routes)
    renderApp('/security')
    await screen.findByText('Safari on iPhone', undefined, { timeout: 5000 })
    const [first, second] = await sessionRows()
    expect(first).toHaveTextContent('Chrome on LinuxThis device')
    expect(second).toHaveTextContent('Safari on iPhone')
  })

  it('asks before signing out everywhere, then signs out with a word on why', async () => {
    const { server, user, api } = await openSecurityPage()
    await screen.findByText('Safari on iPhone')
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    expect(api.bodiesOf('POST /api/v1/sessions/logout')).toEqual([])
    expect(server.signedIn).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(api.bodiesOf('POST /api/v1/sessions/logout')).toEqual([{ everywhere: true }])
    expect(screen.getByText(/You signed out everywhere\./)).toBeInTheDocument()
  })

  it('signs another session out, says so, and puts focus on the list’s heading', async () => {
    const { server, user } = await openSecurityPage()
    await screen.findByText('Safari on iPhone')
    await user.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone/ }))
    expect(await screen.findByText('Signed out Safari on iPhone.')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull())
    expect(screen.getByRole('heading', { name: 'Where you are signed in' })).toHaveFocus()
    expect(server.sessions.map((session) => session.id)).not.toContain(otherSessionId)
    // The event list asks again and shows the sign-out.
    expect(await screen.findByText('Signed out Safari on iPhone')).toBeInTheDocument()
    // Still signed in here.
    expect(server.signedIn).toBe(true)
  })

  it('says why when the session cannot be signed out', async () => {
    const server = await signedInOnThisDevice()
    stubApi({
      ...server.routes,
      [`POST /api/v1/sessions/${otherSessionId}/logout`]: () =>
        Response.json(
          { error: 'There is no such session of yours, or it has ended already.', code: 'invalid_data' },
          { status: 400 },
        ),
    })
    const user = userEvent.setup()
    renderApp('/security')
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such session of yours, or it has ended already.',
    )
  })

  it('signs this device out like the menu does', async () => {
    const { server, user, app } = await openSecurityPage()
    await screen.findByText('Chrome on Linux')
    const [mine] = await sessionRows()
    await user.click(within(mine as HTMLElement).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(server.signedIn).toBe(false)
    expect(app.location.history?.at(-1)).toBe('/')
  })

  it('leads to key export and to signing a message, and lists recent sensitive actions', async () => {
    const server = await signedInOnThisDevice()
    server.events.push({
      id: 1,
      kind: 'address_added',
      summary: 'Added email address ada@example.org',
      created_at: 1_760_000_000,
    })
    stubApi(server.routes)
    renderApp('/security')
    const keys = await screen.findByRole('region', { name: 'Your wallet keys' })
    expect(within(keys).getByRole('link', { name: 'Export a key' })).toHaveAttribute('href', '/wallet/export')
    expect(within(keys).getByRole('link', { name: 'Sign a message' })).toHaveAttribute('href', '/wallet/sign')
    expect(within(keys).getByRole('link', { name: 'For developers: sign with viem' })).toHaveAttribute(
      'href',
      '/wallet/developer',
    )
    const recent = screen.getByRole('region', { name: 'Recent sensitive actions' })
    expect(await within(recent).findByText('Added email address ada@example.org')).toBeInTheDocument()
  })
})
