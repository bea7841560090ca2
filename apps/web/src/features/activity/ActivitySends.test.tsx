import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import type { ActivitySend } from './ActivitySend.ts'
import type { WalletActivity } from './WalletActivity.ts'

const recipient = `0x1234${'0'.repeat(32)}abcd`
const usdcContract = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const hash = `0x9f${'3c'.repeat(30)}e1a7`
const now = () => Math.floor(Date.now() / 1000)

const sendOf = (send: Partial<ActivitySend>): ActivitySend => ({
  id: '7d3f1e6a-3c55-4a0e-9a57-1f0e2b9c4d11',
  caip2: 'eip155:84532',
  hash,
  status: 'confirmed',
  reason: null,
  block_number: '1234',
  explorer_url: `https://sepolia.basescan.org/tx/${hash}`,
  explorer_name: 'Basescan',
  created_at: now() - 30,
  ...send,
})

async function showActivity(...sends: ActivitySend[]) {
  const server = await signedInOnThisDevice()
  const activity: WalletActivity[] = sends.map((send, index) => ({
    id: sends.length - index,
    wallet_id: 'wallet-evm-0',
    address: server.account.address,
    chain_type: 'ethereum',
    kind: 'signature',
    method: 'eth_sendTransaction',
    digest: 'c'.repeat(64),
    summary: `Sent 2.5 USDC to ${recipient} on Base Sepolia`,
    decision: null,
    created_at: send.created_at,
    send,
  }))
  stubApi({ ...server.routes, 'GET /api/v1/wallets/activity': () => Response.json({ activity }) })
  renderApp('/wallet/activity')
  return within(await screen.findByRole('list', {}, { timeout: 5_000 })).getAllByRole('listitem')
}

describe('sends in the activity', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows what moved, to whom and where, with its status, its hash to copy and its explorer link', async () => {
    const user = userEvent.setup()
    const [line] = (await showActivity(sendOf({}))) as [HTMLElement]
    expect(line.querySelector('.activity-summary')).toHaveTextContent(
      /^Sent 2\.5 USDC to 0x123…abcd on Base Sepolia$/,
    )
    // The recipient whole on hover; never the token contract the transaction called.
    expect(within(line).getByText('0x123…abcd')).toHaveAttribute('title', recipient)
    expect(line).not.toHaveTextContent(usdcContract.slice(0, 5))
    expect(within(line).getByText('Confirmed')).toHaveClass('send-status-confirmed')
    const link = within(line).getByRole('link', { name: 'View on Basescan' })
    expect(link).toHaveAttribute('href', `https://sepolia.basescan.org/tx/${hash}`)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    // The hash shortened, copied whole.
    expect(within(line).getByText(`${hash.slice(0, 5)}…${hash.slice(-4)}`)).toHaveAttribute('title', hash)
    await user.click(within(line).getByRole('button', { name: 'Copy transaction hash' }))
    expect(await navigator.clipboard.readText()).toBe(hash)
    // The hash, the exact amount and the block in full behind Details, with the fingerprint as for any signature.
    await user.click(within(line).getByText('Details'))
    expect(
      within(line)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Fingerprint (SHA-256)', 'Method', 'Wallet', 'Transaction', 'Exact amount', 'Block'])
    expect(within(line).getByText(hash)).toBeVisible()
    expect(within(line).getByText('1234')).toBeVisible()
  })

  it('says how a send ended: failed or interrupted with the reason, and on a local chain the hash alone', async () => {
    const lines = await showActivity(
      sendOf({ status: 'failed', reason: 'reverted' }),
      sendOf({
        status: 'interrupted',
        reason: 'the server stopped before broadcasting it',
        block_number: null,
        explorer_url: null,
        explorer_name: null,
      }),
      sendOf({ explorer_url: null, explorer_name: null }),
    )
    const [failed, interrupted, local] = lines as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(failed).getByText('Failed: reverted')).toHaveClass('send-status-failed')
    expect(
      within(interrupted).getByText('Interrupted: the server stopped before broadcasting it'),
    ).toBeInTheDocument()
    expect(within(interrupted).queryByRole('link')).toBeNull()
    expect(within(local).getByText('Confirmed')).toBeInTheDocument()
    expect(within(local).queryByRole('link')).toBeNull()
    expect(within(local).getByRole('button', { name: 'Copy transaction hash' })).toBeInTheDocument()
  })

  it('never links a send to an address that is not a web page', async () => {
    const [line] = (await showActivity(
      sendOf({ explorer_url: 'javascript:alert(1)', explorer_name: 'Basescan' }),
    )) as [HTMLElement]
    expect(within(line).queryByRole('link')).toBeNull()
  })

  it('counts a pending send’s time, and follows it to confirmed without a reload', async () => {
    const server = await signedInOnThisDevice()
    let send = sendOf({ status: 'pending', block_number: null, created_at: now() - 65 })
    const line = (): WalletActivity => ({
      id: 1,
      wallet_id: 'wallet-evm-0',
      address: server.account.address,
      chain_type: 'ethereum',
      kind: 'signature',
      method: 'eth_sendTransaction',
      digest: 'c'.repeat(64),
      summary: `Sent 0.25 ETH to ${recipient} on Base Sepolia`,
      decision: null,
      created_at: send.created_at,
      send,
    })
    const api = stubApi({
      ...server.routes,
      'GET /api/v1/wallets/activity': () => Response.json({ activity: [line()] }),
    })
    renderApp('/wallet/activity')
    const badge = await screen.findByText(/^Pending/, {}, { timeout: 5_000 })
    expect(badge).toHaveTextContent(/^Pending 1 min (5|6|7) s$/)
    send = { ...send, status: 'confirmed', block_number: '99' }
    expect(await screen.findByText('Confirmed', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.queryByText(/^Pending/)).toBeNull()
    // Confirmed: nothing left to follow, the list is not asked again.
    const asked = () => api.calls.filter((call) => call.path === '/api/v1/wallets/activity').length
    const settled = asked()
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(asked()).toBe(settled)
  }, 15_000)
})
