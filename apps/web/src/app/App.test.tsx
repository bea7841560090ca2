import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../testing/signedInOnThisDevice.ts'
import { stubApi } from '../testing/stubApi.ts'
import { rightCode, walletServer } from '../testing/walletServer.ts'

describe('App shell', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("shows Charter's name and says when the server runs in local mode", async () => {
    stubApi()
    renderApp('/')
    expect(screen.getByRole('link', { name: 'Charter, home' })).toBeInTheDocument()
    expect(await screen.findByText('Local mode')).toBeInTheDocument()
    expect(screen.getByText(/running in local mode/)).toBeInTheDocument()
  })

  it('says in words when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderApp('/')
    expect(await screen.findByText(/The server cannot be reached/, {}, { timeout: 5000 })).toBeInTheDocument()
  })

  it('shows a not-found page for an unknown address', () => {
    stubApi()
    renderApp('/no/such/page')
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})

// Every route of `App.tsx` and `WalletRoutes.tsx`, as a signed-out visitor and as a member meet it.
describe('page titles', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it.each([
    ['/', 'Sign in · Charter'],
    ['/account/phone', 'Sign in · Charter'],
    ['/account/email', 'Sign in · Charter'],
    ['/security', 'Sign in · Charter'],
    ['/wallet/receive', 'Sign in · Charter'],
    ['/wallet/sign', 'Sign in · Charter'],
    ['/wallet/export', 'Sign in · Charter'],
    ['/wallet/activity', 'Sign in · Charter'],
    ['/wallet/developer', 'Sign in · Charter'],
    ['/wallet/no-such-screen', 'Page not found · Charter'],
    ['/no/such/page', 'Page not found · Charter'],
  ])('signed out, %s is titled "%s"', async (path, title) => {
    stubApi()
    renderApp(path)
    await waitFor(() => expect(document.title).toBe(title), { timeout: 5_000 })
  })

  it.each([
    ['/', 'Home · Charter'],
    ['/account/phone', 'Change your phone number · Charter'],
    ['/account/email', 'Add an email address · Charter'],
    ['/security', 'Security · Charter'],
    ['/wallet/receive', 'Receive · Charter'],
    ['/wallet/sign', 'Sign a message · Charter'],
    ['/wallet/export', 'Export a private key · Charter'],
    ['/wallet/activity', 'Activity · Charter'],
    ['/wallet/developer', 'Developer: sign with viem · Charter'],
    ['/wallet/no-such-screen', 'Page not found · Charter'],
    ['/no/such/page', 'Page not found · Charter'],
  ])('signed in, %s is titled "%s"', async (path, title) => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    renderApp(path)
    // Each screen but the home and the sign-in loads when visited, the first time slowly.
    await waitFor(() => expect(document.title).toBe(title), { timeout: 10_000 })
  })

  it('names the sign-in’s code step, and the page asked for once signed in', async () => {
    const server = walletServer({ signedIn: false })
    stubApi(server.routes)
    const user = userEvent.setup()
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    renderApp('/wallet/sign')
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')
    await waitFor(() => expect(document.title).toBe('Enter your code · Charter'))
    await user.paste(rightCode)
    await waitFor(() => expect(document.title).toBe('Sign a message · Charter'), { timeout: 5_000 })
  })
})
