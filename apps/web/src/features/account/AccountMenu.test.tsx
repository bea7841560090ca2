import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { phoneUser } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { rightCode, walletServer } from '../../testing/walletServer.ts'
import { currentUserQueryKey } from '../session/index.ts'
import { browserKeyStore } from '../walletProxy/index.ts'

describe('signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('asks the server who is signed in on load, and shows the account in a menu', async () => {
    stubApi({ 'GET /api/v1/users/me': () => Response.json({ user: phoneUser }) })
    const user = userEvent.setup()
    renderApp()
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Signed in as +1 415 555 2671.')
    expect(screen.getByRole('heading', { name: 'Wallets' })).toBeInTheDocument()

    const account = screen.getByRole('button', { name: 'Account' })
    expect(account).toHaveAttribute('aria-expanded', 'false')
    await user.click(account)
    expect(account).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(account.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(within(panel).getByText('+1 415 555 2671')).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Change phone number' })).toHaveAttribute(
      'href',
      '/account/phone',
    )
    expect(within(panel).getByRole('link', { name: 'Add an email address' })).toBeInTheDocument()
    expect(within(panel).getByText('No wallet linked yet')).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Link a wallet' })).toHaveAttribute(
      'href',
      '/account/wallets',
    )
    expect(within(panel).getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/security')

    await user.keyboard('{Escape}')
    expect(account).toHaveAttribute('aria-expanded', 'false')
    expect(account).toHaveFocus()
  })

  it('signs out, and the sign-in screen comes back', async () => {
    const api = stubApi({
      'GET /api/v1/users/me': () => Response.json({ user: phoneUser }),
      'POST /api/v1/sessions/logout': () => Response.json({ success: true }),
    })
    const user = userEvent.setup()
    renderApp()
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull()
    expect(api.bodiesOf('POST /api/v1/sessions/logout')).toHaveLength(1)
  })

  it('signs out when another tab says so, without asking the server', async () => {
    stubApi({ 'GET /api/v1/users/me': () => Response.json({ user: phoneUser }) })
    renderApp()
    await screen.findByText(/Signed in as/)
    const otherTab = new BroadcastChannel('charter-session')
    otherTab.postMessage({ type: 'signed-out' })
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    otherTab.close()
  })

  it('signs out everywhere from the keyboard, and the sign-in screen comes back', async () => {
    const api = stubApi({
      'GET /api/v1/users/me': () => Response.json({ user: phoneUser }),
      'POST /api/v1/sessions/logout': () => Response.json({ success: true }),
    })
    const user = userEvent.setup()
    renderApp()
    const account = await screen.findByRole('button', { name: 'Account' })
    account.focus()
    await user.keyboard('{Enter}')
    // Through the panel with Tab alone: the links, then sign out, then sign out everywhere.
    const everywhere = screen.getByRole('button', { name: 'Sign out everywhere' })
    for (let step = 0; step < 6 && document.activeElement !== everywhere; step++) await user.tab()
    expect(everywhere).toHaveFocus()
    expect(everywhere).toHaveAccessibleDescription(
      'Sign out everywhere ends your sessions on every device and browser, this one too.',
    )
    await user.keyboard('{Enter}')
    // It asks first, saying what happens; nothing is sent yet.
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    expect(dialog).toHaveAccessibleDescription(
      /Every device and browser signed in to your account is signed out at once, this one too\./,
    )
    expect(api.bodiesOf('POST /api/v1/sessions/logout')).toEqual([])
    const confirm = within(dialog).getByRole('button', { name: 'Sign out everywhere' })
    for (let step = 0; step < 4 && document.activeElement !== confirm; step++) await user.tab()
    expect(confirm).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('main')).toHaveFocus()
    expect(api.bodiesOf('POST /api/v1/sessions/logout')).toEqual([{ everywhere: true }])
    // The sign-in screen says why this device is signed out.
    expect(screen.getByText(/You signed out everywhere\./).closest('[role="status"]')).toHaveTextContent(
      'You signed out everywhere. Every device and browser signed in to your account was signed out, this one too.',
    )
  })

  it('signs nobody out when the sign-out everywhere is cancelled', async () => {
    const api = stubApi({
      'GET /api/v1/users/me': () => Response.json({ user: phoneUser }),
      'POST /api/v1/sessions/logout': () => Response.json({ success: true }),
    })
    const user = userEvent.setup()
    renderApp()
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.bodiesOf('POST /api/v1/sessions/logout')).toEqual([])
    expect(screen.getByText(/Signed in as/)).toBeInTheDocument()
  })

  it('says why when another tab signed out everywhere', async () => {
    stubApi({ 'GET /api/v1/users/me': () => Response.json({ user: phoneUser }) })
    renderApp()
    await screen.findByRole('button', { name: 'Account' })
    const otherTab = new BroadcastChannel('charter-session')
    otherTab.postMessage({ type: 'signed-out', everywhere: true })
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByText(/You signed out everywhere\./).closest('p')).toHaveTextContent(
      'was signed out, from another tab, this one too.',
    )
    otherTab.close()
  })

  it('says why when the server ended this session because another device signed out everywhere', async () => {
    let signedIn = true
    stubApi({
      'GET /api/v1/users/me': () =>
        signedIn
          ? Response.json({ user: phoneUser })
          : Response.json(
              {
                error: 'You were signed out: someone signed out everywhere, on every device.',
                code: 'must_be_authenticated',
                reason: 'signed_out_everywhere',
              },
              { status: 401 },
            ),
    })
    const { queryClient } = renderApp()
    await screen.findByRole('button', { name: 'Account' })
    signedIn = false
    // The next time the tab asks who is signed in (as it does when it comes back into view).
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.getByText(/You were signed out everywhere\./).closest('p')).toHaveTextContent(
      'Someone signed out everywhere from one of your devices, so this one was signed out too.',
    )
  })

  it('says why signing out everywhere failed, in the server’s words, and stays signed in', async () => {
    stubApi({
      'GET /api/v1/users/me': () => Response.json({ user: phoneUser }),
      'POST /api/v1/sessions/logout': () =>
        Response.json(
          { error: 'Charter’s database is not answering.', code: 'unavailable' },
          { status: 503 },
        ),
    })
    const user = userEvent.setup()
    renderApp()
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Charter’s database is not answering.')
    expect(screen.getByText(/Signed in as/)).toBeInTheDocument()
  })

  it('adds an email address with a code sent to it, signed with this device’s key', async () => {
    const server = await signedInOnThisDevice()
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/account/email')
    const heading = await screen.findByRole('heading', { name: 'Add an email address' }, { timeout: 5000 })
    await waitFor(() => expect(heading).toHaveFocus())
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@example.org{Enter}')
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent('ada@example.org')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste(rightCode)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your email address is now ada@example.org.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless/link')).toEqual([
      { email: 'ada@example.org', code: rightCode },
    ])
    const link = api.calls.find((call) => call.path === '/api/v1/passwordless/link')
    expect(link?.headers['privy-authorization-signature']).toBeTruthy()
    expect(server.refused).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Account' }))
    expect(screen.getByRole('link', { name: 'Change email address' })).toBeInTheDocument()
  })

  it('says a wrong code in the server’s words when adding an address', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/account/email')
    await user.type(
      await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 5000 }),
      'ada@example.org{Enter}',
    )
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again (4 tries left).',
    )
    expect(server.user.linked_accounts.some((linked) => linked.type === 'email')).toBe(false)
  })

  it('tells a session without a device key to sign out and in again before anything is asked', async () => {
    await browserKeyStore().clear()
    const server = walletServer()
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/account/email')
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveTextContent('Sign out and sign in again on this device')
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull()
    expect(api.bodiesOf('POST /api/v1/passwordless/init')).toEqual([])
    await user.click(within(alert).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })
})
