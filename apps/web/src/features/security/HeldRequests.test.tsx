import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId } from '../../testing/walletServer.ts'
import type { HeldAction } from '../holds/index.ts'

const now = Math.floor(Date.now() / 1000)
const id = '6f0c1a52-8a51-4c8e-9d7e-1f2a3b4c5d6e'
const fromNewPhone: HeldAction = {
  id,
  kind: 'export',
  subject: evmWalletId,
  summary: 'Export the key of your Ethereum wallet 0x12…34',
  status: 'held',
  requested_at: now - 60,
  opens_at: now + 23 * 3600,
  cancelled_at: null,
  cancelled_here: false,
  wallet_id: null,
  hash: null,
  failure: null,
  lifted_at: null,
  this_device: false,
  can_cancel: true,
  device: {
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    client_address: '203.0.113.9',
    signed_in_at: now - 120,
    signed_out: false,
  },
}

describe('exports and sends held on a new device, on the Security page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('lists the request with its device and time, and an older device cancels it', async () => {
    const server = await signedInOnThisDevice()
    let held = [fromNewPhone]
    const api = stubApi({
      ...server.routes,
      'GET /api/v1/held_actions': () => answer({ hold_ends_at: null, held_actions: held }),
      'POST /api/v1/held_actions/:id/cancel': () => {
        held = [
          {
            ...fromNewPhone,
            status: 'cancelled',
            cancelled_at: now,
            cancelled_here: true,
            can_cancel: false,
          },
        ]
        return answer(held[0] as HeldAction)
      },
    })
    const user = userEvent.setup()
    renderApp('/security')
    const section = await screen.findByRole(
      'region',
      { name: 'Waiting on a new device' },
      { timeout: 10_000 },
    )
    expect(section).toHaveTextContent('Export the key of your Ethereum wallet 0x12…34')
    expect(section).toHaveTextContent('Asked by Safari on iPhone, from 203.0.113.9')
    expect(section).toHaveTextContent(/Possible from /)
    await user.click(
      within(section).getByRole('button', { name: 'Cancel: Export the key of your Ethereum wallet 0x12…34' }),
    )
    // The status line is there from the start: its words come once the cancel is answered.
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Cancelled: Export the key of your Ethereum wallet 0x12…34.',
      ),
    )
    expect(api.bodiesOf('POST /api/v1/held_actions/:id/cancel')).toEqual([{}])
    expect(within(section).queryByRole('button', { name: /^Cancel/ })).toBeNull()
  })

  it('names a held send as one, and says when it goes out by itself', async () => {
    const server = await signedInOnThisDevice()
    const send: HeldAction = {
      ...fromNewPhone,
      id: '7a1b2c3d-8a51-4c8e-9d7e-1f2a3b4c5d6e',
      kind: 'send',
      subject: `${evmWalletId}:key`,
      summary: 'Send 250 USDC to 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 on Base Sepolia',
      wallet_id: evmWalletId,
    }
    stubApi({
      ...server.routes,
      'GET /api/v1/held_actions': () => answer({ hold_ends_at: null, held_actions: [send, fromNewPhone] }),
    })
    renderApp('/security')
    const section = await screen.findByRole(
      'region',
      { name: 'Waiting on a new device' },
      { timeout: 10_000 },
    )
    expect(section).toHaveTextContent(
      'A device that signed in recently asked to send funds and to export a key. If it was not you, cancel it',
    )
    const [sendRow, exportRow] = within(section).getAllByRole('listitem')
    expect(sendRow).toHaveTextContent(
      `Send 250 USDC to 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 on Base Sepolia`,
    )
    expect(sendRow).toHaveTextContent(/Goes out at /)
    expect(exportRow).toHaveTextContent(/Possible from /)
    expect(
      within(sendRow as HTMLElement).getByRole('button', {
        name: 'Cancel: Send 250 USDC to 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 on Base Sepolia',
      }),
    ).toBeVisible()
  })

  it('lists a held sign-out of this device even though the device that asked signed itself out', async () => {
    const server = await signedInOnThisDevice()
    const signOut: HeldAction = {
      ...fromNewPhone,
      id: '8b2c3d4e-8a51-4c8e-9d7e-1f2a3b4c5d6e',
      kind: 'sign_out',
      subject: 'everywhere',
      summary: 'Sign out your other device that signed in before it',
      device: { ...fromNewPhone.device, signed_out: true },
    }
    stubApi({
      ...server.routes,
      'GET /api/v1/held_actions': () => answer({ hold_ends_at: null, held_actions: [signOut] }),
    })
    renderApp('/security')
    const section = await screen.findByRole(
      'region',
      { name: 'Waiting on a new device' },
      { timeout: 10_000 },
    )
    expect(section).toHaveTextContent(
      'A device that signed in recently asked to sign out your other devices.',
    )
    expect(section).toHaveTextContent(/Happens at /)
    expect(
      within(section).getByRole('button', {
        name: 'Cancel: Sign out your other device that signed in before it',
      }),
    ).toBeVisible()
  })

  it('shows nothing when no export is waiting', async () => {
    const server = await signedInOnThisDevice()
    stubApi({
      ...server.routes,
      'GET /api/v1/held_actions': () => answer({ hold_ends_at: null, held_actions: [] }),
    })
    renderApp('/security')
    await screen.findByRole('heading', { name: 'Where you are signed in' }, { timeout: 10_000 })
    expect(screen.queryByRole('region', { name: 'Waiting on a new device' })).toBeNull()
  })
})
