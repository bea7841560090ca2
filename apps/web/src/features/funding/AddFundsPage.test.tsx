import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chainServer, localEvmChain, remoteBase } from '../../testing/chainServer.ts'
import { headingSkip } from '../../testing/headingLevels.ts'
import { onrampServer } from '../../testing/onrampServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { type ApiHandler, stubApi } from '../../testing/stubApi.ts'

// The first answers come after the session check and the lazy page: slow on a loaded machine.
const firstAnswer = { timeout: 5_000 }
const usdc = 10n ** 6n
const usdcId = '2b92315d-eab7-5bef-84fa-089a131333f5'
const ethId = 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4'

/** The window the browser opens: `window.open` is the boundary, stood in for here. */
function fakeWindow() {
  const opened = {
    closed: false,
    opener: window as unknown,
    location: { href: 'about:blank' },
    close() {
      opened.closed = true
    },
  }
  const open = vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window)
  return { opened, open }
}

async function addFunds(
  options: Parameters<typeof chainServer>[0] = {},
  extra: Record<string, ApiHandler> = {},
) {
  const server = await signedInOnThisDevice()
  const chains = chainServer(options)
  const onramp = onrampServer()
  const evm = server.account.address
  const api = stubApi({ ...server.routes, ...chains.routes, ...onramp.routes, ...extra })
  const user = userEvent.setup()
  const rendered = renderApp('/wallet/add-funds')
  await screen.findByRole('heading', { name: 'Add funds', level: 1 }, firstAnswer)
  return { server, chains, onramp, evm, api, user, rendered }
}

const networks = () => screen.findByRole('group', { name: 'Network' }, firstAnswer)
const status = () => screen.getAllByRole('status').find((one) => one.classList.contains('onramp-status'))
const sandboxPage = (query: string) => `${window.location.origin}/sandbox/onramp/buy/select-asset?${query}`

describe('add funds', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('is reached from the home’s first row', async () => {
    const server = await signedInOnThisDevice()
    const chains = chainServer()
    stubApi({ ...server.routes, ...chains.routes })
    const user = userEvent.setup()
    renderApp('/')
    const actions = await screen.findByRole('navigation', { name: 'Move money' }, firstAnswer)
    await user.click(within(actions).getByRole('link', { name: 'Add funds' }))
    const heading = await screen.findByRole('heading', { name: 'Add funds', level: 1 }, firstAnswer)
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('offers the supported pairs of the member’s chains, and says why Solana is not offered when asked', async () => {
    const { user } = await addFunds()
    const switcher = await networks()
    expect(
      within(switcher)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Base Sepolia (local devnet)', 'Arbitrum Sepolia (local devnet)'])
    expect(within(switcher).getByRole('radio', { name: 'Base Sepolia (local devnet)' })).toBeChecked()
    const assets = screen.getByRole('group', { name: 'Asset' })
    expect(
      within(assets)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['USDC', 'ETH'])
    const how = screen.getByRole('group', { name: 'How' })
    expect(within(how).getByRole('radio', { name: 'Buy with a card' })).toBeChecked()
    expect(within(how).getByRole('radio', { name: 'Buy with a card' })).toHaveAccessibleDescription(
      'Pay by card on Coinbase’s page.',
    )
    expect(within(how).getByRole('radio', { name: 'Transfer from Coinbase' })).not.toBeChecked()

    const why = screen.getByText('Why not Solana Devnet?')
    const reason = 'Solana is not among the networks the on-ramp’s rules cover.'
    expect(screen.getByText(reason)).not.toBeVisible()
    await user.click(why)
    expect(screen.getByText(reason)).toBeVisible()
  })

  it('lists test networks on a production server only once the member asks for them, as the home does', async () => {
    const baseSepolia = { ...localEvmChain(84532), local: false, onramp_network: null }
    await addFunds(
      { chains: [remoteBase, baseSepolia], faucet: false },
      {
        'GET /api/health': () =>
          Response.json({ status: 'ok', version: '0.1.0', mode: 'production', appId: 'charter', parts: {} }),
      },
    )
    const switcher = await networks()
    expect(within(switcher).getAllByRole('radio')).toHaveLength(1)
    // Test networks are listed once the member asks for them, as on the home.
    expect(screen.queryByText('Why not Base Sepolia?')).toBeNull()
  })

  it('explains a test network shown on a production server', async () => {
    localStorage.setItem('charter.showTestNetworks', 'true')
    const baseSepolia = { ...localEvmChain(84532), local: false, onramp_network: null }
    const { user } = await addFunds(
      { chains: [baseSepolia], faucet: false },
      {
        'GET /api/health': () =>
          Response.json({ status: 'ok', version: '0.1.0', mode: 'production', appId: 'charter', parts: {} }),
      },
    )
    expect(
      await screen.findByText(
        'None of your networks can be topped up through Coinbase here.',
        {},
        firstAnswer,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
    await user.click(screen.getByText('Why not Base Sepolia?'))
    expect(
      screen.getByText(
        'Base Sepolia is a test network: the on-ramp sells real funds only, so it has no on-ramp network.',
      ),
    ).toBeVisible()
  })

  it('buys 25 USDC on Base Sepolia: the window opens at once, goes to the sandbox, and success shows the new balance', async () => {
    const { chains, onramp, evm, user } = await addFunds()
    await networks()
    expect(await screen.findByText('You have 0 USDC on Base Sepolia.', {}, firstAnswer)).toBeInTheDocument()
    const { opened, open } = fakeWindow()
    let release: () => void = () => {}
    onramp.holdInit(new Promise<void>((resolve) => (release = resolve)))

    await user.type(screen.getByLabelText('Amount (USDC, optional)'), '25')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    // Opened from the click itself, before the server answered: what popup blockers let through.
    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank')
    expect(opened.location.href).toBe('about:blank')
    expect(status()).toHaveTextContent('Opening Coinbase’s page…')

    release()
    await waitFor(() =>
      expect(opened.location.href).toBe(
        sandboxPage(
          'appId=charter-local&sessionToken=token-1&endPartnerName=privy%3Acharter-local&defaultExperience=buy' +
            `&presetCryptoAmount=25&defaultNetwork=base&defaultPaymentMethod=CARD&defaultAsset=${usdcId}` +
            '&partnerUserId=purchase-1',
        ),
      ),
    )
    expect(opened.opener).toBeNull()
    expect(onramp.inits).toEqual([
      { addresses: [{ address: evm, blockchains: ['base'] }], assets: ['USDC'], amount: '25' },
    ])
    expect(status()).toHaveTextContent('Finish the purchase in the Coinbase window.')
    await waitFor(() => expect(onramp.statusReads.get('purchase-1')).toBeGreaterThan(0))

    chains.fund(84532, evm, { usdc: 25n * usdc })
    onramp.settle('purchase-1', 'success')
    await waitFor(
      () =>
        expect(status()).toHaveTextContent(
          'Purchase complete. 25 USDC is now in your wallet on Base Sepolia.',
        ),
      firstAnswer,
    )
    // The balances are read again: no reload, no wait for the next refresh.
    expect(await screen.findByText('You have 25 USDC on Base Sepolia.', {}, firstAnswer)).toBeInTheDocument()
    const reads = onramp.statusReads.get('purchase-1')
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(onramp.statusReads.get('purchase-1')).toBe(reads)
  }, 15_000)

  it('finishes a purchase: "Added 25 USDC", Done, and a fresh form that starts a new purchase, not the same one', async () => {
    const { chains, onramp, evm, user, rendered } = await addFunds()
    await networks()
    const { opened } = fakeWindow()
    await user.click(screen.getByRole('radio', { name: 'Arbitrum Sepolia (local devnet)' }))
    await user.type(screen.getByLabelText('Amount (USDC, optional)'), '25')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(opened.location.href).toContain('partnerUserId=purchase-1'))
    chains.fund(421614, evm, { usdc: 25n * usdc })
    onramp.settle('purchase-1', 'success')
    await waitFor(() => expect(status()).toHaveTextContent('Added 25 USDC'), firstAnswer)
    expect(status()).toHaveTextContent(
      'Purchase complete. 25 USDC is now in your wallet on Arbitrum Sepolia.',
    )
    // The purchase is closed: the form is a new one, at its start, with nothing of the last purchase in it.
    expect(screen.getByLabelText('Amount (USDC, optional)')).toHaveValue('')
    expect(screen.getByRole('radio', { name: 'Base Sepolia (local devnet)' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-disabled')
    // The result comes first, above the form.
    const form = screen.getByRole('button', { name: 'Continue' }).closest('form') as HTMLFormElement
    expect(
      (status() as HTMLElement).compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(headingSkip()).toBeUndefined()

    // Continue again is another purchase, with a session of its own.
    const second = fakeWindow()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(second.opened.location.href).toContain('partnerUserId=purchase-2'))
    expect(onramp.inits).toHaveLength(2)
    expect(status()).toHaveTextContent('Finish the purchase in the Coinbase window.')
    expect(status()).not.toHaveTextContent('Added 25 USDC')

    await user.click(screen.getByRole('button', { name: 'Stop waiting' }))
    onramp.settle('purchase-2', 'success')
    rendered.unmount()
  }, 15_000)

  it('leads home with Done once a purchase is finished', async () => {
    const { onramp, user, rendered } = await addFunds()
    await networks()
    fakeWindow()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onramp.statusReads.get('purchase-1')).toBeGreaterThan(0), firstAnswer)
    onramp.settle('purchase-1', 'success')
    // No amount typed: the amount was chosen on Coinbase's page.
    await waitFor(() => expect(status()).toHaveTextContent('USDC added'), firstAnswer)
    await user.click(within(status() as HTMLElement).getByRole('link', { name: 'Done' }))
    expect(rendered.location.history?.at(-1)).toBe('/')
  }, 10_000)

  it('transfers ETH from Coinbase with `.5`, as the send experience with the amount the core reads', async () => {
    const { onramp, evm, user } = await addFunds()
    await networks()
    const { opened } = fakeWindow()
    await user.click(screen.getByRole('radio', { name: 'Transfer from Coinbase' }))
    await user.click(screen.getByRole('radio', { name: 'Arbitrum Sepolia (local devnet)' }))
    await user.click(within(screen.getByRole('group', { name: 'Asset' })).getByRole('radio', { name: 'ETH' }))
    await user.type(screen.getByLabelText('Amount (ETH, optional)'), '.5')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(opened.location.href).not.toBe('about:blank'))
    expect(onramp.inits).toEqual([
      { addresses: [{ address: evm, blockchains: ['arbitrum'] }], assets: ['ETH'], amount: '0.5' },
    ])
    expect(Object.fromEntries(new URL(opened.location.href).searchParams)).toMatchObject({
      defaultExperience: 'send',
      defaultPaymentMethod: 'CRYPTO_ACCOUNT',
      defaultNetwork: 'arbitrum',
      defaultAsset: ethId,
      presetCryptoAmount: '0.5',
    })
    expect(status()).toHaveTextContent('Finish the transfer in the Coinbase window.')
  })

  it('says why an amount is wrong, in the field, and opens nothing', async () => {
    const { onramp, user } = await addFunds()
    await networks()
    const { open } = fakeWindow()
    const amount = screen.getByLabelText('Amount (USDC, optional)')
    await user.type(amount, '1,5')
    expect(amount).toHaveAccessibleDescription(/Use a dot for decimals, for example 0.5./)
    expect(amount).toHaveAttribute('aria-invalid', 'true')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.clear(amount)
    await user.type(amount, '0')
    expect(amount).toHaveAccessibleDescription(/Enter an amount above zero./)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(open).not.toHaveBeenCalled()
    expect(onramp.inits).toEqual([])
    // No amount is fine: the member chooses on the provider's page.
    await user.clear(amount)
    expect(amount).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onramp.inits).toHaveLength(1))
    expect(onramp.inits[0]).not.toHaveProperty('amount')
  })

  it('says plainly that a cancelled purchase charged nothing, and lets the member try again', async () => {
    const { onramp, user } = await addFunds()
    await networks()
    fakeWindow()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onramp.statusReads.get('purchase-1')).toBeGreaterThan(0))
    onramp.settle('purchase-1', 'failure')
    const alert = await screen.findByRole('alert', {}, firstAnswer)
    expect(alert).toHaveTextContent('The purchase was cancelled or did not go through.')
    expect(alert).toHaveTextContent('Nothing was charged. To try again, choose Continue.')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onramp.inits).toHaveLength(2))
  }, 10_000)

  it('says the window was closed before the purchase finished, and stops reading', async () => {
    const { onramp, user } = await addFunds()
    await networks()
    const { opened } = fakeWindow()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onramp.statusReads.get('purchase-1')).toBeGreaterThan(0))
    opened.close()
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('The Coinbase window was closed before the purchase finished.')
    expect(alert).toHaveTextContent('If you did not complete it there, nothing was charged. To try again')
    const reads = onramp.statusReads.get('purchase-1')
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(onramp.statusReads.get('purchase-1')).toBe(reads)
  }, 20_000)

  it('reads on through a slow-down, and says why when the server refuses the purchase’s status', async () => {
    const statusCalls: string[] = []
    const { user } = await addFunds(
      {},
      {
        // The first read is told to slow down; the next finds the session gone.
        'GET /api/v1/funding/coinbase_on_ramp/status': (call) => {
          statusCalls.push(call.query.partnerUserId ?? '')
          return statusCalls.length === 1
            ? Response.json({ error: 'Slow down.', code: 'too_many_requests' }, { status: 429 })
            : Response.json(
                { error: 'Please sign in to add funds.', code: 'missing_or_invalid_token' },
                { status: 401 },
              )
        },
      },
    )
    await networks()
    fakeWindow()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const alert = await screen.findByRole('alert', {}, firstAnswer)
    expect(alert).toHaveTextContent('Charter could not follow the purchase')
    expect(alert).toHaveTextContent('Please sign in to add funds.')
    expect(alert).toHaveTextContent('If you completed it, your balance shows it within a few minutes.')
    expect(statusCalls).toEqual(['purchase-1', 'purchase-1'])
  }, 10_000)

  it('offers a link when the browser blocks the window', async () => {
    const { onramp, user } = await addFunds()
    await networks()
    vi.spyOn(window, 'open').mockImplementation(() => null)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const link = await screen.findByRole('link', { name: 'Open Coinbase’s page' }, firstAnswer)
    expect(status()).toHaveTextContent('Your browser did not let Charter open a new window.')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute(
      'href',
      expect.stringMatching(/\/sandbox\/onramp\/buy\/select-asset\?appId=/),
    )
    // The purchase is still followed: finished in the window the member opened, it is said here.
    onramp.settle('purchase-1', 'success')
    await waitFor(() => expect(status()).toHaveTextContent('Purchase complete.'), firstAnswer)
    expect(status()).toHaveTextContent('Your USDC is now in your wallet on Base Sepolia.')
  }, 10_000)

  it('shows the server’s words when the purchase cannot start, and closes the empty window', async () => {
    const { onramp, user } = await addFunds()
    await networks()
    const { opened } = fakeWindow()
    onramp.refuseInit(
      { error: 'Coinbase could not start the purchase: the service is down.', code: 'onramp_unavailable' },
      502,
    )
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const alert = await screen.findByRole('alert', {}, firstAnswer)
    expect(alert).toHaveTextContent('The purchase could not start')
    expect(alert).toHaveTextContent('Coinbase could not start the purchase: the service is down.')
    expect(opened.closed).toBe(true)
  })
})
