import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer } from '../../testing/chainServer.ts'
import { headingSkip } from '../../testing/headingLevels.ts'
import { receivedMoneyServer } from '../../testing/receivedMoneyServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { type ApiHandler, stubApi } from '../../testing/stubApi.ts'
import { solanaAddress } from '../../testing/walletServer.ts'
import type { WalletActivity } from './WalletActivity.ts'

const hash = `0x9f${'3c'.repeat(30)}e1a7`
const stranger = `0x71C7656EC7ab88b098defB751B7401B5f6d8976F`

describe('money received in the activity', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads "Received 2.5 USDC" from a member by name and organisation, with network, time and explorer link', async () => {
    const server = await signedInOnThisDevice()
    const evm = server.account.address
    const money = receivedMoneyServer(server.routes['GET /api/v1/wallets/activity'] as ApiHandler)
    money.receive({
      address: evm,
      created_at: 1_760_000_100,
      from: { user_id: 'user-ana', label: 'Ana Lopez', organizations: ['Acme Co-op'] },
      from_address: `0x${'a1'.repeat(20)}`,
      tx_hash: hash,
      explorer_url: `https://sepolia.basescan.org/tx/${hash}`,
    })
    money.receive({
      address: solanaAddress,
      created_at: 1_760_000_000,
      chain_id: 'devnet',
      asset: 'native',
      symbol: 'SOL',
      decimals: 9,
      amount: '1234567891',
      from_address: stranger,
    })
    stubApi({ ...server.routes, ...chainServer().routes, ...money.routes })
    const user = userEvent.setup()
    renderApp('/wallet/activity')
    const items = within(await screen.findByRole('list', {}, { timeout: 10_000 })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    const [fromAna, fromStranger] = items as [HTMLElement, HTMLElement]
    expect(fromAna.querySelector('.activity-summary')).toHaveTextContent('Received 2.5 USDC')
    expect(fromAna).toHaveTextContent('from Ana Lopez · Acme Co-op')
    expect(fromAna.querySelector('time')).toHaveAttribute(
      'datetime',
      new Date(1_760_000_100_000).toISOString(),
    )
    expect(await within(fromAna).findByText('Base Sepolia')).toBeInTheDocument()
    const link = within(fromAna).getByRole('link', { name: 'View on sepolia.basescan.org' })
    expect(link).toHaveAttribute('href', `https://sepolia.basescan.org/tx/${hash}`)
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')

    // Anyone else by the short address; 6 significant digits, cut, never rounded up; the exact amount on demand.
    expect(fromStranger.querySelector('.activity-summary')).toHaveTextContent('Received 1.23456 SOL')
    // The exact amount on hover, and behind Details.
    expect(fromStranger.querySelector('.activity-amount')).toHaveAttribute('title', '1.234567891 SOL')
    expect(within(fromStranger).getByText('0x71C…976F')).toHaveAttribute('title', stranger)
    expect(await within(fromStranger).findByText('Solana Devnet')).toBeInTheDocument()
    // A local devnet has no explorer.
    expect(within(fromStranger).queryByRole('link')).toBeNull()
    await user.click(within(fromStranger).getByText('Details'))
    expect(
      within(fromStranger)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Amount', 'From', 'To your wallet', 'Transaction'])
    expect(within(fromStranger).getByText('1.234567891 SOL')).toBeVisible()
    expect(headingSkip()).toBeUndefined()
  })

  it('lets nothing a sender chose take effect: a name that hides characters, a script link, an amount that is not one', async () => {
    const server = await signedInOnThisDevice()
    const money = receivedMoneyServer(server.routes['GET /api/v1/wallets/activity'] as ApiHandler)
    money.receive({
      address: server.account.address,
      // A right-to-left override that would turn "Ana" around, in the name another member chose.
      from: { user_id: 'user-ana', label: 'Ana\u202eLopez', organizations: ['Acme Co-op'] },
      explorer_url: 'javascript:alert(1)',
      amount: '-5e30',
    })
    stubApi({ ...server.routes, ...chainServer().routes, ...money.routes })
    renderApp('/wallet/activity')
    const item = within(await screen.findByRole('list', {}, { timeout: 10_000 })).getByRole('listitem')
    expect(item).toHaveTextContent('from Ana⟨U+202E⟩Lopez · Acme Co-op')
    expect(within(item).queryByRole('link')).toBeNull()
    expect(item.querySelector('.activity-summary')).toHaveTextContent('Received ? USDC')
  })

  it('shows a sent amount as every amount is shown, the exact one behind Details', async () => {
    const server = await signedInOnThisDevice()
    const line: WalletActivity = {
      id: 1,
      wallet_id: 'wallet-evm-0',
      address: server.account.address,
      chain_type: 'ethereum',
      kind: 'signature',
      method: 'eth_sendTransaction',
      digest: 'c'.repeat(64),
      summary: `Sent 0.999903711162903058 ETH to ${stranger} on Base Sepolia`,
      decision: null,
      created_at: 1_760_000_000,
      send: {
        id: 'send-1',
        caip2: 'eip155:84532',
        hash,
        status: 'confirmed',
        reason: null,
        block_number: '12',
        explorer_url: null,
        explorer_name: null,
        created_at: 1_760_000_000,
      },
      received: null,
    }
    stubApi({ ...server.routes, 'GET /api/v1/wallets/activity': () => Response.json({ activity: [line] }) })
    const user = userEvent.setup()
    renderApp('/wallet/activity')
    const item = within(await screen.findByRole('list', {}, { timeout: 10_000 })).getByRole('listitem')
    expect(item.querySelector('.activity-summary')).toHaveTextContent(
      'Sent 0.999903 ETH to 0x71C…976F on Base Sepolia',
    )
    expect(within(item).getByText('0.999903')).toHaveAttribute('title', '0.999903711162903058')
    await user.click(within(item).getByText('Details'))
    expect(within(item).getByText('0.999903711162903058')).toBeVisible()
  })
})
