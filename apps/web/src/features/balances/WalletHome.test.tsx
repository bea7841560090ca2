import { focusManager } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chainServer, localEvmChain, remoteBase } from '../../testing/chainServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { type ApiHandler, stubApi } from '../../testing/stubApi.ts'
import { solanaAddress } from '../../testing/walletServer.ts'

// The first answers come after the session check and the lazy home: slow on a loaded machine.
const firstAnswer = { timeout: 5_000 }
const ether = 10n ** 18n
const usdc = 10n ** 6n
const sol = 10n ** 9n

/** A member signed in on this device, with the embedded server's chains (or `chains`) in front of them. */
async function home(options: Parameters<typeof chainServer>[0] = {}, extra: Record<string, ApiHandler> = {}) {
  const server = await signedInOnThisDevice()
  const chains = chainServer(options)
  const evm = server.account.address
  const routes: Record<string, ApiHandler> = { ...server.routes, ...chains.routes, ...extra }
  return { server, chains, evm, routes }
}

const balances = () => screen.findByRole('region', { name: 'Balances' }, firstAnswer)
const row = (name: string) => screen.getByRole('listitem', { name })
const productionHealth: ApiHandler = () =>
  Response.json({ status: 'ok', version: '0.1.0', mode: 'production', appId: 'charter-test', parts: {} })

describe('balances on the signed-in home', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows each chain’s native and USDC balance, the USDC total, and Send, Receive, Add funds first', async () => {
    const { chains, evm, routes } = await home()
    chains.fund(84532, evm, { native: ether, usdc: 10n * usdc })
    chains.fund(421614, evm, { native: 1_234_567_000_000_000_000n, usdc: 2_500_000n })
    chains.fund('devnet', solanaAddress, { native: 2n * sol, usdc: 5n * usdc })
    stubApi(routes)
    renderApp('/')
    const region = await balances()

    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('1 ETH'), firstAnswer)
    expect(row('Base Sepolia')).toHaveTextContent('10 USDC')
    expect(row('Base Sepolia')).toHaveTextContent('local devnet')
    // Core's rule: 6 significant digits, cut (never rounded up), trailing zeros trimmed.
    expect(row('Arbitrum Sepolia')).toHaveTextContent('1.23456 ETH')
    expect(row('Arbitrum Sepolia')).toHaveTextContent('2.5 USDC')
    await waitFor(() => expect(row('Solana Devnet')).toHaveTextContent('2 SOL'), firstAnswer)
    expect(row('Solana Devnet')).toHaveTextContent('5 USDC')
    expect(within(region).getByRole('region', { name: 'USDC total' })).toHaveTextContent('17.5 USDC')

    const actions = within(region).getByRole('navigation', { name: 'Move money' })
    expect(within(actions).getByRole('link', { name: 'Send' })).toHaveAttribute('href', '/wallet/send')
    expect(within(actions).getByRole('link', { name: 'Receive' })).toHaveAttribute('href', '/wallet/receive')
    expect(within(actions).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/wallet/add-funds',
    )
    // A funded wallet is not invited to get funds, and a local server lists its chains without a toggle.
    expect(within(region).queryByRole('button', { name: 'Get test funds' })).toBeNull()
    expect(within(region).queryByRole('checkbox', { name: 'Show test networks' })).toBeNull()
    // One request per chain: the EVM reads go in one batch.
    expect(chains.rpcRequests.get('84532')).toBe(1)
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as +1 415 555 2671.')
  })

  it('marks a chain that failed, with a Retry that reads that chain alone, while the others show', async () => {
    const { chains, evm, routes } = await home()
    chains.fund(84532, evm, { native: ether, usdc: 10n * usdc })
    chains.fund(421614, evm, { native: 3n * ether, usdc: 4n * usdc })
    chains.fail(421614)
    stubApi(routes)
    const user = userEvent.setup()
    renderApp('/')
    const region = await balances()

    await waitFor(() => expect(row('Arbitrum Sepolia')).toHaveTextContent('Couldn’t load'), firstAnswer)
    expect(within(row('Arbitrum Sepolia')).getAllByRole('img', { name: 'Unknown' })).toHaveLength(2)
    expect(row('Arbitrum Sepolia')).not.toHaveTextContent(/\b0 /)
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('1 ETH'), firstAnswer)
    expect(within(region).getByRole('region', { name: 'USDC total' })).toHaveTextContent(
      'Not counting Arbitrum Sepolia: couldn’t load.',
    )

    const base = chains.rpcRequests.get('84532')
    chains.fail(421614, false)
    await user.click(within(row('Arbitrum Sepolia')).getByRole('button', { name: 'Retry Arbitrum Sepolia' }))
    await waitFor(() => expect(row('Arbitrum Sepolia')).toHaveTextContent('3 ETH'), firstAnswer)
    expect(row('Arbitrum Sepolia')).toHaveTextContent('4 USDC')
    expect(row('Arbitrum Sepolia')).not.toHaveTextContent('Couldn’t load')
    expect(chains.rpcRequests.get('84532')).toBe(base)
    expect(within(region).getByRole('region', { name: 'USDC total' })).toHaveTextContent('14 USDC')
  })

  it('never shows 0 for a balance it does not know yet, and keeps what it shows while reading again', async () => {
    let release: () => void = () => {}
    let gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const { chains, evm, routes } = await home()
    chains.fund(84532, evm, { native: ether, usdc: 10n * usdc })
    const rpc = routes['POST /api/v1/rpc/:chainId'] as ApiHandler
    stubApi({
      ...routes,
      'POST /api/v1/rpc/:chainId': async (call, params) => {
        await gate
        return rpc(call, params)
      },
    })
    const { queryClient } = renderApp('/')
    await balances()
    await waitFor(() => expect(row('Base Sepolia')).toBeInTheDocument(), firstAnswer)
    expect(within(row('Base Sepolia')).getAllByRole('img', { name: 'Loading' })).toHaveLength(2)
    expect(row('Base Sepolia')).not.toHaveTextContent(/\b0 /)
    expect(
      within(screen.getByRole('region', { name: 'USDC total' })).getByRole('img', { name: 'Loading' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'USDC total' })).not.toHaveTextContent(/\d/)

    release()
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('1 ETH'), firstAnswer)

    // A background refresh that takes its time: the numbers stay as they were until the answer.
    gate = new Promise<void>((resolve) => {
      release = resolve
    })
    chains.fund(84532, evm, { native: 2n * ether })
    const refreshing = queryClient.refetchQueries({ queryKey: ['balance'] })
    await waitFor(() => expect(row('Base Sepolia')).toHaveAttribute('aria-busy', 'true'), firstAnswer)
    expect(row('Base Sepolia')).toHaveTextContent('1 ETH')
    expect(within(row('Base Sepolia')).queryByRole('img', { name: 'Loading' })).toBeNull()
    release()
    await refreshing
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('2 ETH'), firstAnswer)
  })

  it('reads the balances again when the page comes back into focus', async () => {
    const { chains, evm, routes } = await home()
    chains.fund(84532, evm, { native: ether })
    stubApi(routes)
    renderApp('/')
    await balances()
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('1 ETH'), firstAnswer)
    chains.fund(84532, evm, { native: 5n * ether })
    // As a browser tab does when it is left and shown again.
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('5 ETH'))
    focusManager.setFocused(undefined)
  })

  it('lists test networks only once "Show test networks" is on, on a production server', async () => {
    const baseSepolia = { ...localEvmChain(84532), local: false }
    const { chains, evm, routes } = await home(
      { chains: [remoteBase, baseSepolia], faucet: false },
      { 'GET /api/health': productionHealth },
    )
    chains.fund(8453, evm, { native: ether / 2n })
    chains.fund(84532, evm, { usdc: 7n * usdc })
    stubApi(routes)
    const user = userEvent.setup()
    renderApp('/')
    const region = await balances()
    await waitFor(() => expect(row('Base')).toHaveTextContent('0.5 ETH'), firstAnswer)
    expect(within(region).queryByRole('listitem', { name: 'Base Sepolia' })).toBeNull()
    expect(within(region).getByRole('region', { name: 'USDC total' })).toHaveTextContent('0 USDC')

    await user.click(within(region).getByRole('checkbox', { name: 'Show test networks' }))
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('7 USDC'), firstAnswer)
    expect(row('Base Sepolia')).not.toHaveTextContent('local devnet')
    expect(within(region).getByRole('region', { name: 'USDC total' })).toHaveTextContent('7 USDC')
    expect(localStorage.getItem('charter.showTestNetworks')).toBe('true')

    await user.click(within(region).getByRole('checkbox', { name: 'Show test networks' }))
    await waitFor(
      () => expect(within(region).queryByRole('listitem', { name: 'Base Sepolia' })).toBeNull(),
      firstAnswer,
    )
  })

  it('invites an empty wallet on a local server to get test funds, shows the progress, then the balances', async () => {
    const { chains, evm, routes } = await home()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const faucet = routes['POST /api/dev/faucet'] as ApiHandler
    stubApi({
      ...routes,
      'POST /api/dev/faucet': async (call, params) => {
        await gate
        return faucet(call, params)
      },
    })
    const user = userEvent.setup()
    renderApp('/')
    const region = await balances()
    const button = await within(region).findByRole('button', { name: 'Get test funds' }, firstAnswer)
    // The empty wallet is offered the on-ramp's sandbox too.
    expect(within(region).getByRole('link', { name: 'add funds' })).toHaveAttribute(
      'href',
      '/wallet/add-funds',
    )
    expect(row('Base Sepolia')).toHaveTextContent('0 ETH')

    await user.click(button)
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'Getting test funds: ETH on Base Sepolia (1 of 6)…',
    )
    expect(within(region).getByRole('button', { name: 'Get test funds' })).toBeDisabled()
    release()
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('1 ETH'), firstAnswer)
    await waitFor(() => expect(row('Solana Devnet')).toHaveTextContent('1 SOL'), firstAnswer)
    expect(row('Base Sepolia')).toHaveTextContent('10 USDC')
    expect(row('Arbitrum Sepolia')).toHaveTextContent('1 ETH')
    expect(row('Solana Devnet')).toHaveTextContent('10 USDC')
    expect(within(region).getByRole('region', { name: 'USDC total' })).toHaveTextContent('30 USDC')
    expect(within(region).queryByRole('button', { name: 'Get test funds' })).toBeNull()
    expect(chains.faucetCalls).toEqual([
      { address: evm, chainId: 84532, asset: 'native', amount: '1' },
      { address: evm, chainId: 84532, asset: 'USDC', amount: '10' },
      { address: evm, chainId: 421614, asset: 'native', amount: '1' },
      { address: evm, chainId: 421614, asset: 'USDC', amount: '10' },
      { address: solanaAddress, chainId: 'devnet', asset: 'native', amount: '1' },
      { address: solanaAddress, chainId: 'devnet', asset: 'USDC', amount: '10' },
    ])
  })

  it('offers test funds to a wallet with USDC and no ETH, for the network fee, and funds only what is missing', async () => {
    const { chains, evm, routes } = await home()
    chains.fund(84532, evm, { usdc: 10n * usdc })
    chains.fund(421614, evm, { native: ether, usdc: 4n * usdc })
    chains.fund('devnet', solanaAddress, { native: sol, usdc: 5n * usdc })
    stubApi(routes)
    const user = userEvent.setup()
    renderApp('/')
    const region = await balances()
    const button = await within(region).findByRole('button', { name: 'Get test funds' }, firstAnswer)
    expect(region.querySelector('.empty-wallet')).toHaveTextContent(
      'You have no ETH on Base Sepolia, which pays the network fee of a send there.',
    )
    await user.click(button)
    await waitFor(() => expect(row('Base Sepolia')).toHaveTextContent('1 ETH'), firstAnswer)
    expect(row('Base Sepolia')).toHaveTextContent('10 USDC')
    await waitFor(() => expect(within(region).queryByRole('button', { name: 'Get test funds' })).toBeNull())
    // The coin only: the chain already held USDC, and the others had their coin.
    expect(chains.faucetCalls).toEqual([{ address: evm, chainId: 84532, asset: 'native', amount: '1' }])
  })

  it('says why when the faucet refuses, and offers to try again', async () => {
    const { routes } = await home(
      {},
      {
        'POST /api/dev/faucet': () =>
          Response.json({ error: 'The faucet is empty.', code: 'faucet_empty' }, { status: 503 }),
      },
    )
    stubApi(routes)
    const user = userEvent.setup()
    renderApp('/')
    const region = await balances()
    await user.click(await within(region).findByRole('button', { name: 'Get test funds' }, firstAnswer))
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Test funds could not be added: The faucet is empty.',
    )
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeEnabled()
  })

  it('invites an empty wallet on a production server to add funds, with no faucet', async () => {
    const { routes } = await home(
      { chains: [remoteBase], faucet: false },
      { 'GET /api/health': productionHealth },
    )
    stubApi(routes)
    renderApp('/')
    const region = await balances()
    const empty = await waitFor(() => {
      const invitation = region.querySelector<HTMLElement>('.empty-wallet')
      expect(invitation).toHaveTextContent(
        'Your wallet is empty. Add funds to get started, or receive from another wallet.',
      )
      return invitation as HTMLElement
    }, firstAnswer)
    expect(within(empty).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/wallet/add-funds',
    )
    expect(within(region).queryByRole('button', { name: 'Get test funds' })).toBeNull()
  })
})
