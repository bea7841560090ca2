import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { phoneUser } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { solanaAddress, walletServer } from '../../testing/walletServer.ts'
import { browserKeyStore } from '../walletProxy/index.ts'
import { makeWalletKey } from '../walletProxy/makeWalletKey.ts'

describe('the wallets on the signed-in home', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows a wallet the member linked apart from Charter’s own, named as theirs', async () => {
    const metamask = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
    const member = {
      ...phoneUser,
      linked_accounts: [
        // Listed first: it must not take the place of the embedded wallet.
        {
          type: 'wallet' as const,
          address: metamask,
          chain_type: 'ethereum' as const,
          wallet_client_type: 'metamask',
          connector_type: 'injected',
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
        ...phoneUser.linked_accounts,
      ],
    }
    const server = await signedInOnThisDevice({ member })
    stubApi(server.routes)
    renderApp('/')
    const wallets = await screen.findByRole('region', { name: 'Wallets' })
    const linked = within(wallets).getByRole('list', { name: 'Wallets you linked' })
    expect(within(linked).getByRole('listitem')).toHaveTextContent('MetaMask · linked')
    expect(within(linked).getByText(`${metamask.slice(0, 5)}…${metamask.slice(-4)}`)).toBeInTheDocument()
    // The Ethereum row of Charter's own wallets is the embedded one.
    const evm = server.account.address
    const own = within(wallets).getAllByRole('list')[0] as HTMLElement
    expect(within(own).getByText(`${evm.slice(0, 5)}…${evm.slice(-4)}`)).toBeInTheDocument()
    expect(within(own).queryByText(`${metamask.slice(0, 5)}…${metamask.slice(-4)}`)).toBeNull()
  })

  it('shows both addresses shortened, copies a whole one, and links to activity and the Security page', async () => {
    const server = await signedInOnThisDevice()
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/')
    const wallets = await screen.findByRole('region', { name: 'Wallets' })
    const evm = server.account.address
    expect(within(wallets).getByText(`${evm.slice(0, 5)}…${evm.slice(-4)}`)).toBeInTheDocument()
    expect(
      within(wallets).getByText(`${solanaAddress.slice(0, 5)}…${solanaAddress.slice(-4)}`),
    ).toBeInTheDocument()

    await user.click(within(wallets).getByRole('button', { name: 'Copy Solana address' }))
    expect(await within(wallets).findByText('Copied')).toBeInTheDocument()
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(solanaAddress)

    expect(within(wallets).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/wallet/activity',
    )
    // Export, signing a message and the developers' page live on the Security page, not on the home.
    expect(within(wallets).getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/security')
    expect(screen.queryByRole('link', { name: 'Export a key' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Sign a message' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'For developers: sign with viem' })).toBeNull()
    // The key the session was bound to at sign-in is registered again once, whatever the screen.
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toEqual([
        { public_key: server.registeredKeys[0] },
      ]),
    )
  })

  it('asks to sign out and in when the session holds a key this browser no longer has', async () => {
    await browserKeyStore().clear()
    // A key the session took that this browser never stored (site data cleared since).
    const lost = await makeWalletKey(phoneUser.id)
    const server = walletServer({ sessionKey: lost.publicKey })
    stubApi({ ...server.routes, 'POST /api/v1/sessions/logout': () => Response.json({ success: true }) })
    const user = userEvent.setup()
    renderApp('/')
    const alert = await within(await screen.findByRole('region', { name: 'Wallets' })).findByRole('alert')
    expect(alert).toHaveTextContent('Sign out and sign in again')
    expect(alert).toHaveTextContent('no longer matches your session')
    await user.click(within(alert).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('says plainly to sign out and in again on this device when the session has no device key', async () => {
    await browserKeyStore().clear()
    // Signed in by another client, which sent no key: the server binds one to it only after a code.
    const server = walletServer()
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/')
    const alert = await within(await screen.findByRole('region', { name: 'Wallets' })).findByRole('alert')
    expect(alert).toHaveTextContent('Sign out and sign in again')
    expect(alert).toHaveTextContent(
      'Your session has no key on this device, so your wallet cannot sign here. Sign out and sign in again on this device to set one up.',
    )
    // Nothing to try again, and no code is asked for: a new sign-in is the plain way.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([])
    await user.click(within(alert).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('forgets the device key once signed out, so the next sign-in binds a fresh one', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/')
    await waitFor(async () =>
      expect((await browserKeyStore().load())?.publicKey).toBe(server.registeredKeys[0]),
    )
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    await screen.findByRole('heading', { name: 'Sign in' })
    await waitFor(async () => expect(await browserKeyStore().load()).toBeUndefined())
  })
})
