import type { CharterUser } from '@charter/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { codeSent, phoneUser } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { stubApi } from '../../testing/stubApi.ts'

const withEmail = (user: CharterUser, address: string): CharterUser => ({
  ...user,
  linked_accounts: [
    ...user.linked_accounts,
    { type: 'email', address, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 },
  ],
})

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

  it('adds an email address with a code sent to it', async () => {
    let me = phoneUser
    const api = stubApi({
      'GET /api/v1/users/me': () => Response.json({ user: me }),
      'POST /api/v1/passwordless/init': codeSent,
      'POST /api/v1/passwordless/link': () => {
        me = withEmail(phoneUser, 'ada@example.org')
        return Response.json(me)
      },
    })
    const user = userEvent.setup()
    renderApp('/account/email')
    const heading = await screen.findByRole('heading', { name: 'Add an email address' })
    await waitFor(() => expect(heading).toHaveFocus())
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.org{Enter}')
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent('ada@example.org')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste('246810')
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your email address is now ada@example.org.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless/link')).toEqual([
      { email: 'ada@example.org', code: '246810' },
    ])

    await user.click(screen.getByRole('button', { name: 'Account' }))
    expect(screen.getByRole('link', { name: 'Change email address' })).toBeInTheDocument()
  })

  it('refuses to change a phone number to the same one before sending anything', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    const api = stubApi({ 'GET /api/v1/users/me': () => Response.json({ user: phoneUser }) })
    const user = userEvent.setup()
    renderApp('/account/phone')
    await screen.findByRole('heading', { name: 'Change your phone number' })
    const phone = screen.getByRole('textbox', { name: 'New phone number' })
    await user.type(phone, '415 555 2671{Enter}')
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/This is already your phone number/))
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toEqual([])
  })
})
