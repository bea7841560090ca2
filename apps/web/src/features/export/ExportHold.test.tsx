import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer, type StubRoutes } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId } from '../../testing/walletServer.ts'
import type { HeldAction, HeldActions } from '../holds/index.ts'

const now = Math.floor(Date.now() / 1000)
const holdEndsAt = now + 23 * 3600
const localTime = (at: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(at * 1000))

const request = (overrides: Partial<HeldAction> = {}): HeldAction => ({
  id: '6f0c1a52-8a51-4c8e-9d7e-1f2a3b4c5d6e',
  kind: 'export',
  subject: evmWalletId,
  summary: 'Export the key of your Ethereum wallet 0x12…34',
  status: 'held',
  requested_at: now,
  opens_at: holdEndsAt,
  cancelled_at: null,
  cancelled_here: false,
  wallet_id: null,
  hash: null,
  failure: null,
  lifted_at: null,
  this_device: true,
  can_cancel: true,
  device: { user_agent: null, client_address: '127.0.0.1', signed_in_at: now - 60, signed_out: false },
  ...overrides,
})

async function openExport(held: HeldActions, extra: StubRoutes = {}) {
  const server = await signedInOnThisDevice()
  const api = stubApi({ ...server.routes, 'GET /api/v1/held_actions': () => answer(held), ...extra })
  renderApp('/wallet/export')
  await screen.findByRole(
    'heading',
    { name: 'This device must wait before it can export' },
    { timeout: 10_000 },
  )
  return { api, user: userEvent.setup() }
}

describe('the export screen of a new device', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('says when export will be possible, in local time, before any form; asking shows the request held', async () => {
    const asked: HeldActions = { hold_ends_at: holdEndsAt, held_actions: [request()], budget: [] }
    const { api, user } = await openExport(
      { hold_ends_at: holdEndsAt, held_actions: [], budget: [] },
      { 'POST /api/v1/wallets/:id/export/hold': () => answer(asked) },
    )
    expect(screen.getByRole('note')).toHaveTextContent(
      `Export will be possible from ${localTime(holdEndsAt)}.`,
    )
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull()
    await user.click(screen.getByRole('button', { name: /^Ask to export the key of Ethereum/ }))
    expect(await screen.findByText(/^Asked\. Held until/)).toHaveTextContent(
      `Asked. Held until ${localTime(holdEndsAt)}. Your other devices can cancel it on their Security page.`,
    )
    expect(api.bodiesOf('POST /api/v1/wallets/:id/export/hold')).toEqual([{}])
    expect(screen.getAllByRole('button', { name: /^Ask to export/ })).toHaveLength(1)
  })

  it('says when another device cancelled the request, and offers no way to ask again', async () => {
    const cancelled = request({ status: 'cancelled', cancelled_at: now - 30, can_cancel: false })
    await openExport({ hold_ends_at: holdEndsAt, held_actions: [cancelled], budget: [] })
    expect(await screen.findByText(/^Cancelled from another of your devices/)).toHaveTextContent(
      /This device cannot export keys\.$/,
    )
    expect(screen.queryByRole('button', { name: /^Ask to export the key of Ethereum/ })).toBeNull()
  })
})
