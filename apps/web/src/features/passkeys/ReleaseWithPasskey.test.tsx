import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { parseEther, parseUnits } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer, localEvmChain, localSolana } from '../../testing/chainServer.ts'
import { authenticator, browserRefusal } from '../../testing/fakeAuthenticator.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId, type HeldActionRow, passkeyRow } from '../../testing/walletServer.ts'
import type { OfferedChain } from '../balances/index.ts'

vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<object>()),
  ...(await import('../../testing/fakeAuthenticator.ts')).webAuthnStandIn,
}))

const now = Math.floor(Date.now() / 1000)
const credential = 'cGFzc2tleS0x'
const friend = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
const heldSend: HeldActionRow = {
  id: '7a1b2c3d-8a51-4c8e-9d7e-1f2a3b4c5d6e',
  kind: 'send',
  subject: `${evmWalletId}:key`,
  summary: `Send 2.5 USDC to ${friend} on Base Sepolia`,
  status: 'held',
  requested_at: now - 60,
  opens_at: now + 23 * 3600,
  cancelled_at: null,
  cancelled_here: false,
  wallet_id: evmWalletId,
  hash: null,
  failure: null,
  lifted_at: null,
  this_device: true,
  can_cancel: true,
  device: {
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    client_address: '127.0.0.1',
    signed_in_at: now - 120,
    signed_out: false,
  },
}
const heldExport: HeldActionRow = {
  ...heldSend,
  id: '6f0c1a52-8a51-4c8e-9d7e-1f2a3b4c5d6e',
  kind: 'export',
  subject: evmWalletId,
  summary: 'Export the key of your Ethereum wallet 0x12…34',
  wallet_id: null,
}

describe('releasing a held request with a passkey', () => {
  afterEach(() => {
    authenticator.reset()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('on the Security page, sends a held send at once and says so', async () => {
    authenticator.credentials.push(credential)
    const server = await signedInOnThisDevice({
      passkeys: [passkeyRow(credential, 'Phone')],
      heldActions: [heldSend, heldExport],
    })
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/security')
    const section = await screen.findByRole(
      'region',
      { name: 'Waiting on a new device' },
      { timeout: 10_000 },
    )
    const [sendRow, exportRow] = within(section).getAllByRole('listitem')
    expect(
      within(exportRow as HTMLElement).getByRole('button', { name: 'Use your passkey to do it now' }),
    ).toHaveAccessibleDescription('Export the key of your Ethereum wallet 0x12…34')
    await user.click(
      await within(sendRow as HTMLElement).findByRole('button', { name: 'Use your passkey to send now' }),
    )
    await waitFor(() =>
      expect(within(section).getAllByRole('status')[0]).toHaveTextContent('Released: it goes out now.'),
    )
    expect(api.bodiesOf('POST /api/v1/passkeys/proof/init')).toEqual([
      { action: { type: 'held_action', id: heldSend.id } },
    ])
    expect(api.bodiesOf('POST /api/v1/held_actions/:id/lift')).toEqual([
      { passkey: { authenticator_response: expect.objectContaining({ id: credential }) } },
    ])
    expect(server.passkeyProofs).toEqual([`held:${heldSend.id}`])
    expect(server.refused).toEqual([])
    // The list is asked again: the send is no longer held.
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Use your passkey to send now' })).toBeNull(),
    )
  })

  it('offers nothing to a member without a passkey', async () => {
    const server = await signedInOnThisDevice({ heldActions: [heldSend] })
    stubApi(server.routes)
    renderApp('/security')
    const section = await screen.findByRole(
      'region',
      { name: 'Waiting on a new device' },
      { timeout: 10_000 },
    )
    await screen.findByText('You have no passkey yet.')
    expect(within(section).queryByRole('button', { name: /Use your passkey/ })).toBeNull()
    expect(within(section).getByRole('button', { name: `Cancel: ${heldSend.summary}` })).toBeVisible()
  })

  it('says when the prompt was closed, and the request stays held', async () => {
    authenticator.credentials.push(credential)
    const server = await signedInOnThisDevice({
      passkeys: [passkeyRow(credential, 'Phone')],
      heldActions: [heldSend],
    })
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/security')
    const section = await screen.findByRole(
      'region',
      { name: 'Waiting on a new device' },
      { timeout: 10_000 },
    )
    authenticator.startAuthentication.mockRejectedValueOnce(browserRefusal('NotAllowedError'))
    await user.click(await within(section).findByRole('button', { name: 'Use your passkey to send now' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /^The passkey prompt was closed or timed out\. Try again\. If this device has none of your passkeys/,
    )
    expect(server.heldActions[0]?.status).toBe('held')
  })

  it('from the Send screen, sends a held send at once', { timeout: 20_000 }, async () => {
    authenticator.credentials.push(credential)
    const opensAt = now + 20 * 3600
    const server = await signedInOnThisDevice({
      passkeys: [passkeyRow(credential, 'Phone')],
      holdEndsAt: opensAt,
    })
    const limited = { ...localEvmChain(84532), new_device_send_limit: { native: '0.5', usdc: '1' } }
    const chains = chainServer({ chains: [limited as OfferedChain, localSolana] })
    chains.fund(84532, server.account.address, { native: parseEther('1'), usdc: parseUnits('10', 6) })
    chains.fund(84532, friend, { native: parseEther('0.1') })
    chains.markUsed(84532, friend)
    stubApi({
      ...server.routes,
      ...chains.routes,
      'POST /api/v1/wallets/:id/rpc': () => {
        server.heldActions.push({ ...heldSend, opens_at: opensAt })
        return Response.json(
          {
            error: 'This send waits for the new-device hold.',
            code: 'action_held',
            held_action: { id: heldSend.id, opens_at: opensAt },
          },
          { status: 403 },
        )
      },
    })
    const user = userEvent.setup()
    renderApp('/wallet/send')
    await screen.findByText(/10 USDC available/, {}, { timeout: 10_000 })
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), friend)
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '2.5')
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign' }))
    const held = await screen.findByRole('region', { name: 'Send held' })
    await user.click(await within(held).findByRole('button', { name: 'Use your passkey to send now' }))
    const released = await screen.findByRole('region', { name: 'Send released' })
    expect(within(released).getByRole('status')).toHaveTextContent('Released: it goes out now.')
    expect(server.passkeyProofs).toEqual([`held:${heldSend.id}`])
  })

  it('on the export screen of a new device, releases its request, then exports', async () => {
    authenticator.credentials.push(credential)
    const server = await signedInOnThisDevice({
      passkeys: [passkeyRow(credential, 'Phone')],
      holdEndsAt: now + 23 * 3600,
      heldActions: [heldExport],
    })
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/export')
    await screen.findByRole(
      'heading',
      { name: 'This device must wait before it can export' },
      { timeout: 10_000 },
    )
    await user.click(await screen.findByRole('button', { name: 'Use your passkey to do it now' }))
    expect(await screen.findByText('Released with your passkey: you can export it now.')).toHaveAttribute(
      'role',
      'status',
    )
    await user.click(screen.getByRole('button', { name: /^Export the key of Ethereum .+ now$/ }))
    expect(await screen.findByRole('button', { name: 'Use your passkey' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeInTheDocument()
  })
})
