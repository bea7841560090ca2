import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { embeddedChains } from '../../testing/chainServer.ts'
import { phoneUser } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { announceEthereumWallet } from '../../testing/testBrowserWallets.ts'
import type { WalletServerOptions } from '../../testing/walletServer.ts'

const cleanups: (() => void)[] = []

async function openLinkedWallets(options: Omit<WalletServerOptions, 'sessionKey' | 'signedIn'> = {}) {
  const server = await signedInOnThisDevice(options)
  const api = stubApi({ ...server.routes, 'GET /api/v1/chains': () => answer({ chains: embeddedChains() }) })
  const user = userEvent.setup()
  renderApp('/account/wallets')
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Linked wallets' })).toHaveFocus())
  return { server, api, user }
}

describe('linked wallets', () => {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('links a wallet of this browser, signed by the device key, lists it, and unlinks it', async () => {
    const ethereum = announceEthereumWallet('Test Wallet')
    cleanups.push(ethereum.remove)
    const { api, user, server } = await openLinkedWallets()
    expect(await screen.findByText('No wallet is linked yet.')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Test Wallet Ethereum' }))
    expect(
      await screen.findByText('Test Wallet is linked to your account. You can sign in with it.'),
    ).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Your linked wallets' })
    expect(within(list).getByRole('listitem')).toHaveTextContent('Test Wallet · linked')
    const [link] = api.calls.filter((call) => call.path === '/api/v1/siwe/link')
    expect(link?.headers['privy-authorization-signature']).toBeTruthy()
    expect(server.refused).toEqual([])

    await user.click(
      within(list).getByRole('button', {
        name: `Unlink Test Wallet · linked Ethereum wallet ${ethereum.account.address}`,
      }),
    )
    expect(await screen.findByText('No wallet is linked yet.')).toBeInTheDocument()
    expect(
      server.user.linked_accounts.some(
        (each) => 'address' in each && each.address === ethereum.account.address,
      ),
    ).toBe(false)
  })

  it('says so, in the server’s words, when the wallet is another account’s', async () => {
    const ethereum = announceEthereumWallet('Test Wallet')
    cleanups.push(ethereum.remove)
    const { user } = await openLinkedWallets({ walletsOfOthers: [ethereum.account.address] })
    await user.click(await screen.findByRole('button', { name: 'Test Wallet Ethereum' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Could not link Test Wallet' })).toHaveFocus()
    expect(alert).toHaveTextContent('This wallet is already linked to another Charter account.')
  })

  it('refuses to unlink the last way in, in the server’s words', async () => {
    const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
    const member = {
      ...phoneUser,
      linked_accounts: [
        {
          type: 'wallet' as const,
          address,
          chain_type: 'ethereum' as const,
          wallet_client_type: 'metamask',
          connector_type: 'injected',
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ],
    }
    const { user } = await openLinkedWallets({ member })
    await user.click(
      await screen.findByRole('button', { name: `Unlink MetaMask · linked Ethereum wallet ${address}` }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This wallet is the last way to sign in to your account, so it cannot be unlinked.',
    )
  })
})
