import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authenticator, browserRefusal } from '../../testing/fakeAuthenticator.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId, passkeyRow, rightCode } from '../../testing/walletServer.ts'

vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<object>()),
  ...(await import('../../testing/fakeAuthenticator.ts')).webAuthnStandIn,
}))

const credential = 'cGFzc2tleS0x'

/** The export screen, for a member with a passkey on this device unless `withoutPasskey`. */
async function openExport(options: { withoutPasskey?: boolean } = {}) {
  if (!options.withoutPasskey) authenticator.credentials.push(credential)
  const server = await signedInOnThisDevice({
    passkeys: options.withoutPasskey ? [] : [passkeyRow(credential, 'Phone')],
  })
  const api = stubApi(server.routes)
  const user = userEvent.setup()
  renderApp('/wallet/export')
  await screen.findByRole('button', { name: 'Send me a code' }, { timeout: 10_000 })
  return { server, api, user }
}

describe('export with a passkey', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    authenticator.reset()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('exports at once with the passkey instead of a code', async () => {
    const { server, api, user } = await openExport()
    await user.click(await screen.findByRole('button', { name: 'Use your passkey' }))
    // The warnings come first, whichever way is chosen.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tick the box to say you understand before you export.',
    )
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }))
    expect(await screen.findByRole('heading', { name: 'Your private key' })).toBeInTheDocument()
    expect(api.bodiesOf('POST /api/v1/passkeys/proof/init')).toEqual([
      { action: { type: 'export', wallet_id: evmWalletId } },
    ])
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export`)).toEqual([
      {
        passkey: { authenticator_response: expect.objectContaining({ id: credential }) },
        format: 'private_key',
      },
    ])
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export/init`)).toEqual([])
    expect(server.passkeyProofs).toEqual([`export:${evmWalletId}`])
    // A member with a passkey is not asked to add one.
    expect(screen.queryByRole('region', { name: 'Protect your wallet with a passkey' })).toBeNull()
  })

  it('keeps the code as the other way', async () => {
    const { api, user } = await openExport()
    await user.click(await screen.findByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste(rightCode)
    expect(await screen.findByRole('heading', { name: 'Your private key' })).toBeInTheDocument()
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export`)).toEqual([
      { code: rightCode, format: 'private_key' },
    ])
  })

  it('says when the prompt was closed, and nothing is exported', async () => {
    const { api, user } = await openExport()
    await user.click(await screen.findByRole('checkbox', { name: /I understand/ }))
    authenticator.startAuthentication.mockRejectedValueOnce(browserRefusal('NotAllowedError'))
    await user.click(await screen.findByRole('button', { name: 'Use your passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The passkey prompt was closed or timed out\. Try again\./,
    )
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export`)).toEqual([])
  })

  it('after a first export, asks a member without a passkey to add one, or not now for good', async () => {
    const { server, user } = await openExport({ withoutPasskey: true })
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste(rightCode)
    const card = await screen.findByRole('region', { name: 'Protect your wallet with a passkey' })
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('region', { name: 'Your wallet has a passkey' })).toHaveTextContent(
      'Added the passkey “',
    )
    expect(server.passkeys).toHaveLength(1)
    expect(server.refused).toEqual([])
  })

  it('remembers “Not now”', async () => {
    const { user } = await openExport({ withoutPasskey: true })
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste(rightCode)
    const card = await screen.findByRole('region', { name: 'Protect your wallet with a passkey' })
    expect(within(card).getByRole('link', { name: 'Security page' })).toHaveAttribute(
      'href',
      '/security#passkeys',
    )
    await user.click(within(card).getByRole('button', { name: 'Not now' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Protect your wallet with a passkey' })).toBeNull(),
    )
    expect(localStorage.getItem('charter.passkeyPrompt.dismissed')).toBe('true')
  })
})
