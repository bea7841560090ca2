import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { solanaAddress } from '../../testing/walletServer.ts'
import type { WalletActivity } from './WalletActivity.ts'

describe('activity', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists each signature and export, newest first: what, when, which wallet, and a digest', async () => {
    const server = await signedInOnThisDevice()
    const digest = 'a3f1c0de'.repeat(8)
    const activity: WalletActivity[] = [
      {
        id: 2,
        wallet_id: 'wallet-sol-0',
        address: solanaAddress,
        chain_type: 'solana',
        kind: 'export',
        method: 'export_private_key',
        digest,
        summary: 'Exported the private key',
        decision: null,
        created_at: 1_760_000_100,
        send: null,
      },
      {
        id: 1,
        wallet_id: 'wallet-evm-0',
        address: server.account.address,
        chain_type: 'ethereum',
        kind: 'signature',
        method: 'personal_sign',
        digest: '0'.repeat(64),
        summary: 'Signed a message',
        decision: null,
        created_at: 1_760_000_000,
        send: null,
      },
    ]
    stubApi({ ...server.routes, 'GET /api/v1/wallets/activity': () => Response.json({ activity }) })
    const user = userEvent.setup()
    renderApp('/wallet/activity')
    // The first render of a file loads the page's code: on a busy machine that takes more than a second.
    const items = within(await screen.findByRole('list', {}, { timeout: 10_000 })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    const first = within(items[0] as HTMLElement)
    expect(items[0]).toHaveTextContent('Exported the private key')
    expect(items[0]).toHaveTextContent(`Solana ${solanaAddress.slice(0, 5)}…${solanaAddress.slice(-4)}`)
    expect(items[0]?.querySelector('p time')).toHaveAttribute(
      'datetime',
      new Date(1_760_000_100_000).toISOString(),
    )
    // The fingerprint is one step away, whole: behind Details, closed at first.
    const details = first.getByText('Details').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    await user.click(first.getByText('Details'))
    expect(details.open).toBe(true)
    expect(first.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Fingerprint (SHA-256)',
      'Method',
      'Wallet',
    ])
    expect(first.getByText(digest)).toBeVisible()
    expect(first.getByText('export_private_key')).toBeVisible()
    expect(items[1]).toHaveTextContent('Signed a message')
  })

  it('groups the entries by day, newest first: today, yesterday, then the date in full', async () => {
    const server = await signedInOnThisDevice()
    const now = new Date()
    const at = (daysAgo: number, hour: number) =>
      Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hour).getTime() / 1000)
    const line = (id: number, created_at: number): WalletActivity => ({
      id,
      wallet_id: 'wallet-evm-0',
      address: server.account.address,
      chain_type: 'ethereum',
      kind: 'signature',
      method: 'personal_sign',
      digest: 'e'.repeat(64),
      summary: `Signed message ${id}`,
      decision: null,
      created_at,
      send: null,
    })
    const activity = [
      line(5, at(0, 1)),
      line(4, at(0, 0)),
      line(3, at(1, 23)),
      line(2, at(9, 12)),
      line(1, at(9, 11)),
    ]
    stubApi({ ...server.routes, 'GET /api/v1/wallets/activity': () => Response.json({ activity }) })
    renderApp('/wallet/activity')
    // Each day a section named by its heading.
    await screen.findByRole('region', { name: 'Today' })
    const days = screen.getAllByRole('region').filter((region) => region.classList.contains('activity-day'))
    const nineDaysAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 9)
    expect(days.map((day) => within(day).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Today',
      'Yesterday',
      new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(nineDaysAgo),
    ])
    expect(days[0]).toHaveAccessibleName('Today')
    const summaries = days.map((day) =>
      within(day)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.activity-summary')?.textContent),
    )
    expect(summaries).toEqual([
      ['Signed message 5', 'Signed message 4'],
      ['Signed message 3'],
      ['Signed message 2', 'Signed message 1'],
    ])
  })

  it('shows a Reject as its own kind of line: declined, with nothing signed and no digest', async () => {
    const server = await signedInOnThisDevice()
    const activity: WalletActivity[] = [
      {
        id: 3,
        wallet_id: 'wallet-evm-0',
        address: server.account.address,
        chain_type: 'ethereum',
        kind: 'decline',
        method: 'personal_sign',
        digest: 'f'.repeat(64),
        summary: 'Declined to sign a message',
        decision: null,
        created_at: 1_760_000_200,
        send: null,
      },
    ]
    stubApi({ ...server.routes, 'GET /api/v1/wallets/activity': () => Response.json({ activity }) })
    renderApp('/wallet/activity')
    const [line] = within(await screen.findByRole('list')).getAllByRole('listitem')
    expect(line).toHaveClass('activity-decline')
    expect(line).toHaveTextContent('DeclinedDeclined to sign a message')
    expect(line).toHaveTextContent('Nothing was signed')
    expect(line).not.toHaveTextContent('SHA-256')
  })

  it('says so when there is nothing yet, and when the list cannot be had', async () => {
    const server = await signedInOnThisDevice()
    stubApi({ ...server.routes, 'GET /api/v1/wallets/activity': () => Response.json({ activity: [] }) })
    const { unmount } = renderApp('/wallet/activity')
    expect(
      await screen.findByText(
        'Nothing yet. Money you receive or send, signatures and exports will show here.',
      ),
    ).toBeInTheDocument()
    unmount()

    stubApi({
      ...server.routes,
      'GET /api/v1/wallets/activity': () =>
        Response.json(
          { error: 'Something went wrong on our side.', code: 'internal_error' },
          { status: 500 },
        ),
    })
    renderApp('/wallet/activity')
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Something went wrong on our side.',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows a name with hidden direction controls as escapes, never as the text they fake', async () => {
    const server = await signedInOnThisDevice()
    // Read right to left from U+202E, this shows as "… all funds from your account removed".
    const name = '\u202Edevomer tnuocca ruoy morf sdnuf lla'
    const activity: WalletActivity[] = [
      {
        id: 4,
        wallet_id: 'wallet-evm-0',
        address: server.account.address,
        chain_type: 'ethereum',
        kind: 'signature',
        method: 'eth_signTypedData_v4',
        digest: 'e'.repeat(64),
        summary: `Signed typed data (${name})`,
        decision: null,
        created_at: 1_760_000_300,
        send: null,
      },
    ]
    stubApi({
      ...server.routes,
      'GET /api/v1/wallets/activity': () => Response.json({ activity, next_before: null }),
    })
    renderApp('/wallet/activity')
    const [line] = within(await screen.findByRole('list')).getAllByRole('listitem')
    expect(line).toHaveTextContent('Signed typed data (⟨U+202E⟩devomer tnuocca ruoy morf sdnuf lla)')
    expect(line?.textContent).not.toContain('\u202E')
    expect(within(line as HTMLElement).getByText('⟨U+202E⟩').tagName).toBe('MARK')
  })

  it('pages through older lines with "Show older", so new lines never push old ones out of reach', async () => {
    const server = await signedInOnThisDevice()
    const line = (id: number): WalletActivity => ({
      id,
      wallet_id: 'wallet-evm-0',
      address: server.account.address,
      chain_type: 'ethereum',
      kind: id === 1 ? 'export' : 'decline',
      method: id === 1 ? 'export_private_key' : 'personal_sign',
      digest: 'f'.repeat(64),
      summary: id === 1 ? 'Exported the private key' : `Declined to sign a message (${id})`,
      decision: null,
      created_at: 1_760_000_000 + id,
      send: null,
    })
    const all = Array.from({ length: 120 }, (_, index) => line(120 - index))
    const api = stubApi({
      ...server.routes,
      'GET /api/v1/wallets/activity': (call) => {
        const before = call.query.before === undefined ? Number.POSITIVE_INFINITY : Number(call.query.before)
        const older = all.filter((each) => each.id < before)
        const page = older.slice(0, 50)
        return Response.json({ activity: page, next_before: older.length > 50 ? page.at(-1)?.id : null })
      },
    })
    const user = userEvent.setup()
    renderApp('/wallet/activity')
    const list = await screen.findByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(50)
    expect(screen.queryByText('Exported the private key')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Show older' }))
    await screen.findByText('Declined to sign a message (70)')
    expect(within(list).getAllByRole('listitem')).toHaveLength(100)
    await user.click(screen.getByRole('button', { name: 'Show older' }))
    expect(await screen.findByText('Exported the private key')).toBeInTheDocument()
    expect(within(list).getAllByRole('listitem')).toHaveLength(120)
    // The oldest line is there: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull()
    const asked = api.calls
      .filter((call) => call.path === '/api/v1/wallets/activity')
      .map((call) => call.query)
    expect(asked).toEqual([{}, { before: '71' }, { before: '21' }])
  })
})
