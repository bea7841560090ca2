import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chainServer } from '../testing/chainServer.ts'
import { headingSkip } from '../testing/headingLevels.ts'
import { receivedMoneyServer } from '../testing/receivedMoneyServer.ts'
import { renderApp } from '../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../testing/signedInOnThisDevice.ts'
import { type ApiHandler, stubApi } from '../testing/stubApi.ts'

// The home's first answers come after the session check and the lazy home: slow on a loaded machine.
const firstAnswer = { timeout: 5_000 }
const usdc = 10n ** 6n
const ana = { user_id: 'user-ana', label: 'Ana Lopez', organizations: ['Acme Co-op'] }

/** A member signed in on this device, with the local chains, and money that arrives when a test says so. */
async function home() {
  const server = await signedInOnThisDevice()
  const chains = chainServer()
  const money = receivedMoneyServer(server.routes['GET /api/v1/wallets/activity'] as ApiHandler)
  const routes: Record<string, ApiHandler> = { ...server.routes, ...chains.routes, ...money.routes }
  return { server, chains, money, routes, evm: server.account.address }
}

/** The home's sections, by their names, in the order they come on the page. */
const sectionOrder = () =>
  screen
    .getAllByRole('region')
    .map((region) => region.getAttribute('aria-labelledby'))
    .map((id) => (id ? document.getElementById(id)?.textContent : null))

describe('the home leads with money', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows the total and the actions, then recent activity, then roles and wallets, then who is signed in', async () => {
    const { chains, money, routes, evm } = await home()
    chains.fund(84532, evm, { native: 10n ** 18n, usdc: 10n * usdc })
    for (let minute = 1; minute <= 7; minute++)
      money.receive({
        address: evm,
        amount: String(BigInt(minute) * usdc),
        created_at: 1_760_000_000 + minute * 60,
      })
    stubApi(routes)
    renderApp('/')
    const recent = await screen.findByRole('region', { name: 'Recent activity' }, firstAnswer)
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(5), firstAnswer)
    // The newest five, newest first.
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('Received 7 USDC from 0x5a5…5a5a')
    expect(within(recent).getByRole('link', { name: 'All activity' })).toHaveAttribute(
      'href',
      '/wallet/activity',
    )

    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument()
    // One h1, then the sections' h2s: no level skipped.
    expect(headingSkip()).toBeUndefined()
    const order = sectionOrder()
    expect(order.indexOf('Balances')).toBeLessThan(order.indexOf('Recent activity'))
    expect(order.indexOf('Recent activity')).toBeLessThan(order.indexOf('Your roles'))
    const balances = screen.getByRole('region', { name: 'Balances' })
    // In the balances: the total, then Send, Receive, Add funds.
    const total = within(balances).getByRole('region', { name: 'USDC total' })
    const actions = within(balances).getByRole('navigation', { name: 'Move money' })
    expect(total.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Send', 'Receive', 'Add funds'])
    // Who is signed in comes last, below the money and the roles.
    const signedIn = screen.getByText(/Signed in as/)
    expect(
      screen.getByRole('region', { name: 'Your roles' }).compareDocumentPosition(signedIn) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it('says "You received 2.5 USDC from Ana Lopez" once, marks it seen, and reads the balances again', async () => {
    const { chains, money, routes, evm } = await home()
    chains.fund(84532, evm, { native: 10n ** 18n, usdc: 10n * usdc })
    stubApi(routes)
    const user = userEvent.setup()
    const first = renderApp('/')
    const balances = await screen.findByRole('region', { name: 'Balances' }, firstAnswer)
    await waitFor(
      () => expect(within(balances).getByRole('region', { name: 'USDC total' })).toHaveTextContent('10 USDC'),
      firstAnswer,
    )
    expect(screen.queryByText(/You received/)).toBeNull()

    // Ana pays 2.5 USDC; the next poll of the news brings it (here: on the page's focus, as a poll would).
    chains.fund(84532, evm, { usdc: 12_500_000n })
    const piece = money.receive({ address: evm, from: ana, from_address: `0x${'a1'.repeat(20)}` })
    await first.queryClient.refetchQueries({ queryKey: ['wallet', 'received', 'news'] })
    const told = await screen.findByText(/You received/, {}, firstAnswer)
    expect(told.closest('[role="status"]')).toHaveTextContent(
      'You received 2.5 USDC from Ana Lopez · Acme Co-op.',
    )
    await waitFor(() => expect(money.seen).toEqual([piece.id]))
    // The balance changes with the words, without a reload.
    await waitFor(
      () =>
        expect(within(balances).getByRole('region', { name: 'USDC total' })).toHaveTextContent('12.5 USDC'),
      firstAnswer,
    )
    // And the recent activity lists it.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Recent activity' })).toHaveTextContent(
        'Received 2.5 USDC from Ana Lopez',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(/You received/)).toBeNull()

    // The next visit says nothing of it again.
    first.unmount()
    renderApp('/')
    await screen.findByRole('region', { name: 'Recent activity' }, firstAnswer)
    await waitFor(
      () =>
        expect(screen.getByRole('region', { name: 'Recent activity' })).toHaveTextContent(
          'Received 2.5 USDC',
        ),
      firstAnswer,
    )
    expect(screen.queryByText(/You received/)).toBeNull()
    expect(money.seen).toEqual([piece.id])
  })

  it('tells news only once even when marking it seen fails, and names a stranger by the short address', async () => {
    const { money, routes, evm } = await home()
    money.receive({
      address: evm,
      amount: '1000000000000000000',
      decimals: 18,
      symbol: 'ETH',
      asset: 'native',
    })
    let marks = 0
    stubApi({
      ...routes,
      'POST /api/v1/wallets/received/news/seen': () => {
        marks += 1
        return Response.json({ error: 'The server is restarting.', code: 'unavailable' }, { status: 503 })
      },
    })
    const { queryClient } = renderApp('/')
    const told = await screen.findByText(/You received/, {}, firstAnswer)
    expect(told.closest('[role="status"]')).toHaveTextContent('You received 1 ETH from 0x5a5…5a5a.')
    await waitFor(() => expect(marks).toBe(1))
    await queryClient.refetchQueries({ queryKey: ['wallet', 'received', 'news'] })
    // Tried again at the next poll, and still said once.
    await waitFor(() => expect(marks).toBe(2))
    expect(screen.getAllByText(/You received/)).toHaveLength(1)
  })
})
