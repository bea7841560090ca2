import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { embeddedChains } from '../../testing/chainServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { answer, refuse } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { announceEthereumWallet, registerSolanaWallet } from '../../testing/testBrowserWallets.ts'
import { walletServer } from '../../testing/walletServer.ts'
import { browserKeyStore } from '../walletProxy/index.ts'

const cleanups: (() => void)[] = []

/** The app signed out, with the stand-in server and its chains, at the wallet sign-in. */
async function openWalletSignIn(routes: Parameters<typeof stubApi>[0] = {}) {
  const server = walletServer({ signedIn: false })
  const api = stubApi({
    ...server.routes,
    'GET /api/v1/chains': () => answer({ chains: embeddedChains() }),
    ...routes,
  })
  const user = userEvent.setup()
  renderApp('/')
  await user.click(await screen.findByRole('button', { name: 'Continue with a wallet' }))
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Continue with a wallet' })).toHaveFocus())
  return { server, api, user }
}

const chooseWallet = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(
    within(await screen.findByRole('list', { name: 'Wallets in this browser' })).getByRole('button', {
      name,
    }),
  )

describe('Continue with a wallet', () => {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('with no wallet in the browser, says what to install and that a phone number works without one', async () => {
    const { user } = await openWalletSignIn()
    expect(await screen.findByRole('heading', { name: 'No wallet found' })).toBeInTheDocument()
    expect(
      screen.getByText(/install a browser wallet such as MetaMask \(Ethereum\) or Phantom/),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Use a phone number or email instead' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveFocus())
  })

  it('lists each wallet by its own name and icon, and signs in with one, bound to this device’s key', async () => {
    await browserKeyStore().clear()
    const ethereum = announceEthereumWallet('Test Wallet')
    const solana = registerSolanaWallet('Test Solana Wallet')
    cleanups.push(ethereum.remove, solana.unregister)
    const { api, user, server } = await openWalletSignIn()
    const list = await screen.findByRole('list', { name: 'Wallets in this browser' })
    const ethereumButton = within(list).getByRole('button', { name: 'Test Wallet Ethereum' })
    expect(within(list).getByRole('button', { name: 'Test Solana Wallet Solana' })).toBeInTheDocument()
    expect(ethereumButton.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)

    await user.click(ethereumButton)
    expect(await screen.findByText(/Signed in as/, {}, { timeout: 5000 })).toBeInTheDocument()
    const [authenticate] = api.bodiesOf('POST /api/v1/siwe/authenticate') as {
      message: string
      chainId: number
      walletClientType: string
      connectorType: string
      authorization_key: string
    }[]
    expect(authenticate).toMatchObject({
      chainId: 84532,
      walletClientType: 'test_wallet',
      connectorType: 'injected',
    })
    expect(authenticate?.message).toMatch(
      new RegExp(
        `^${location.host} wants you to sign in with your Ethereum account:\\n${ethereum.account.address}\\n`,
      ),
    )
    expect(authenticate?.message).toContain(`\nURI: ${location.origin}\n`)
    const stored = await browserKeyStore().load()
    expect(authenticate?.authorization_key).toBe(stored?.publicKey)
    expect(stored?.userId).toBe(server.user.id)
  })

  it('while the wallet is asked, says where to look; a rejection says "Signature rejected" and can be retried', async () => {
    const ethereum = announceEthereumWallet('Test Wallet')
    cleanups.push(ethereum.remove)
    ethereum.behaviour.hold = true
    ethereum.behaviour.reject = true
    const { user } = await openWalletSignIn()
    await chooseWallet(user, 'Test Wallet Ethereum')
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Waiting for Test Wallet' })).toHaveFocus(),
    )
    expect(screen.getByText('Don’t see your wallet? Check your other browser windows.')).toBeInTheDocument()

    await ethereum.release()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Signature rejected' })).toHaveFocus()
    expect(alert).toHaveTextContent('Please try signing again.')

    ethereum.behaviour.hold = false
    ethereum.behaviour.reject = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/Signed in as/, {}, { timeout: 5000 })).toBeInTheDocument()
  })

  it('names a network Charter does not offer, and switches the wallet to one it does', async () => {
    const ethereum = announceEthereumWallet('Test Wallet', { chainId: 1 })
    cleanups.push(ethereum.remove)
    const { user, api } = await openWalletSignIn()
    await chooseWallet(user, 'Test Wallet Ethereum')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Wrong network' })).toHaveFocus()
    expect(alert).toHaveTextContent('Test Wallet is on Ethereum (chain ID 1), which Charter does not offer.')
    // Nothing was asked of the server or signed for a chain it would refuse.
    expect(api.bodiesOf('POST /api/v1/siwe/init')).toEqual([])
    expect(ethereum.requests.map((request) => request.method)).not.toContain('personal_sign')

    await user.click(within(alert).getByRole('button', { name: 'Switch to Arbitrum Sepolia' }))
    expect(await screen.findByText(/Signed in as/, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(ethereum.requests).toContainEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x66eee' }],
    })
    expect(api.bodiesOf('POST /api/v1/siwe/authenticate')).toMatchObject([{ chainId: 421614 }])
  })

  it('shows a refusal of the server in its own words', async () => {
    const ethereum = announceEthereumWallet('Test Wallet')
    cleanups.push(ethereum.remove)
    const refusal =
      'The message’s nonce was not issued to this wallet, or it was already used or has expired. Start the sign-in again.'
    const { user } = await openWalletSignIn({
      'POST /api/v1/siwe/authenticate': () => refuse({ error: refusal, code: 'invalid_credentials' }, 401),
    })
    await chooseWallet(user, 'Test Wallet Ethereum')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Could not sign in with Test Wallet' })).toHaveFocus()
    expect(alert).toHaveTextContent(refusal)
  })

  it('signs the Sign In With Solana text with solana:signMessage when the wallet has no solana:signIn', async () => {
    const solana = registerSolanaWallet('Message Only Wallet', { signIn: false })
    cleanups.push(solana.unregister)
    const { user, api } = await openWalletSignIn()
    await chooseWallet(user, 'Message Only Wallet Solana')
    expect(await screen.findByText(/Signed in as/, {}, { timeout: 5000 })).toBeInTheDocument()
    const [authenticate] = api.bodiesOf('POST /api/v1/siws/authenticate') as { message: string }[]
    expect(authenticate?.message).toBe(solana.signed[0])
    expect(authenticate?.message).toMatch(
      new RegExp(
        `^${location.host} wants you to sign in with your Solana account:\\n${solana.account.address}\\n\\nSign in to Charter\\.\\n\\nURI: ${location.origin}\\nVersion: 1\\nNonce: \\w+\\nIssued At: \\S+Z\\nExpiration Time: \\S+Z$`,
      ),
    )
  })
})
