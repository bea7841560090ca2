import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authenticator, browserRefusal } from '../../testing/fakeAuthenticator.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { refuse } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { passkeyRow, type WalletServerOptions } from '../../testing/walletServer.ts'

vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<object>()),
  ...(await import('../../testing/fakeAuthenticator.ts')).webAuthnStandIn,
}))

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/** The Security page's passkeys, for a member whose authenticator holds `held` (already on their account). */
async function openPasskeys(
  options: {
    held?: { id: string; name: string; lastUsed?: number }[]
    routes?: Parameters<typeof stubApi>[0]
  } & Pick<WalletServerOptions, 'heldActions'> = {},
) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(chrome)
  const held = options.held ?? []
  authenticator.credentials.push(...held.map((each) => each.id))
  const server = await signedInOnThisDevice({
    passkeys: held.map((each) =>
      passkeyRow(each.id, each.name, each.lastUsed ? { latest_verified_at: each.lastUsed } : {}),
    ),
    ...(options.heldActions && { heldActions: options.heldActions }),
  })
  const api = stubApi({ ...server.routes, ...options.routes })
  const user = userEvent.setup()
  renderApp('/security')
  const section = await screen.findByRole('region', { name: 'Passkeys' }, { timeout: 10_000 })
  return { server, api, user, section }
}

describe('passkeys, on the Security page', () => {
  afterEach(() => {
    authenticator.reset()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('says what a passkey does, and adds one under the name the member gives it', async () => {
    const { server, api, user, section } = await openPasskeys()
    expect(section).toHaveTextContent(
      'Sign in without a code, and confirm exports and held requests at once. Someone who gets your codes does not get your passkey.',
    )
    expect(await within(section).findByText('You have no passkey yet.')).toBeInTheDocument()
    const name = within(section).getByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue('Chrome on Linux')
    await user.clear(name)
    await user.type(name, '  Work   laptop ')
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }))

    await waitFor(() =>
      expect(within(section).getAllByRole('status')[0]).toHaveTextContent(
        'Added the passkey “Work laptop”. It signs you in and confirms at once from now on.',
      ),
    )
    const [row] = within(within(section).getByRole('list', { name: 'Your passkeys' })).getAllByRole(
      'listitem',
    )
    expect(row).toHaveTextContent('Work laptop')
    expect(row).toHaveTextContent(/Added .+Never used/)
    expect(api.bodiesOf('POST /api/v1/passkeys/link')).toEqual([
      {
        authenticator_response: expect.objectContaining({ id: authenticator.credentials[0] }),
        name: 'Work laptop',
      },
    ])
    // Signed with the device key, like every account change.
    expect(server.refused).toEqual([])
    // The name field is ready for another device's passkey.
    expect(name).toHaveValue('Chrome on Linux')
  })

  it('asks for a name of 1 to 60 characters before the browser’s prompt', async () => {
    const { user, section } = await openPasskeys()
    const name = within(section).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }))
    expect(name).toHaveAccessibleDescription(/Give the passkey a name\./)
    expect(name).toHaveAttribute('aria-invalid', 'true')
    await user.type(name, 'x'.repeat(61))
    expect(name).toHaveAccessibleDescription(/at most 60 characters/)
    expect(authenticator.startRegistration).not.toHaveBeenCalled()
  })

  it('lists each passkey with its authenticator, when it was added and last used', async () => {
    const { section } = await openPasskeys({
      held: [
        { id: 'cGFzc2tleS0x', name: 'Phone' },
        { id: 'cGFzc2tleS0y', name: 'YubiKey', lastUsed: 1_760_000_000 },
      ],
    })
    const list = await within(section).findByRole('list', { name: 'Your passkeys' })
    const [phone, key] = within(list).getAllByRole('listitem')
    expect(phone).toHaveTextContent('Phone')
    expect(phone).toHaveTextContent('Google Password Manager')
    expect(phone).toHaveTextContent('Never used')
    expect(key).toHaveTextContent(/Last used/)
  })

  it('says plainly when the prompt was closed, or the passkey is there already', async () => {
    const { user, section } = await openPasskeys()
    authenticator.startRegistration.mockRejectedValueOnce(browserRefusal('NotAllowedError'))
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The passkey prompt was closed or timed out. Try again.',
    )
    authenticator.startRegistration.mockRejectedValueOnce(browserRefusal('InvalidStateError'))
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }))
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(
        'This passkey is on your account already.',
      ),
    )
  })

  it('says when a new device must wait to add one, in the server’s words', async () => {
    const { section, user } = await openPasskeys({
      routes: {
        'POST /api/v1/passkeys/link/init': () =>
          refuse(
            {
              error:
                'This device signed in less than 24 hours ago, so it must wait before it can add a passkey to your account: it will be possible at 2026-01-02 10:00 UTC. Your addresses were told, and your other devices can cancel it on their Security page.',
              code: 'too_many_requests',
            },
            429,
          ),
      },
    })
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This device signed in less than 24 hours ago, so it must wait before it can add a passkey',
    )
    expect(authenticator.startRegistration).not.toHaveBeenCalled()
  })

  it('renames a passkey in place', async () => {
    const { server, api, user, section } = await openPasskeys({
      held: [{ id: 'cGFzc2tleS0x', name: 'Phone' }],
    })
    await user.click(await within(section).findByRole('button', { name: 'Rename' }))
    const field = within(section).getByRole('textbox', { name: 'New name' })
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.type(field, 'Old phone{Enter}')
    await waitFor(() =>
      expect(within(section).getAllByRole('status')[0]).toHaveTextContent(
        'Renamed the passkey to “Old phone”.',
      ),
    )
    expect(api.bodiesOf('PATCH /api/v1/passkeys/:credential_id' as never)).toEqual([{ name: 'Old phone' }])
    expect(server.passkeys[0]?.name).toBe('Old phone')
    expect(within(section).queryByRole('textbox', { name: 'New name' })).toBeNull()
  })

  it('removes a passkey at once once a passkey confirms it', async () => {
    const { server, user, section } = await openPasskeys({ held: [{ id: 'cGFzc2tleS0x', name: 'Phone' }] })
    await user.click(await within(section).findByRole('button', { name: 'Remove' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Phone”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with a passkey' }))
    await waitFor(() =>
      expect(within(section).getAllByRole('status')[0]).toHaveTextContent('Removed the passkey “Phone”.'),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server.passkeys).toEqual([])
    expect(server.passkeyProofs).toEqual(['unlink:cGFzc2tleS0x'])
    expect(await within(section).findByText('You have no passkey yet.')).toBeInTheDocument()
  })

  it('without a passkey, says the removal waits, in the server’s words', async () => {
    const { server, user, section } = await openPasskeys({ held: [{ id: 'cGFzc2tleS0x', name: 'Phone' }] })
    await user.click(await within(section).findByRole('button', { name: 'Remove' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Phone”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove without a passkey' }))
    await waitFor(() =>
      expect(within(section).getAllByRole('status')[0]).toHaveTextContent(
        /^Removing a passkey without a passkey waits 24 hours: it will happen at .+ To remove it now, confirm with one of your passkeys\.$/,
      ),
    )
    expect(within(section).queryByRole('alert')).toBeNull()
    expect(server.passkeys).toHaveLength(1)
    expect(authenticator.startAuthentication).not.toHaveBeenCalled()
  })

  it('a closed prompt leaves the passkey and says so in the dialog', async () => {
    const { server, user, section } = await openPasskeys({ held: [{ id: 'cGFzc2tleS0x', name: 'Phone' }] })
    authenticator.startAuthentication.mockRejectedValueOnce(browserRefusal('NotAllowedError'))
    await user.click(await within(section).findByRole('button', { name: 'Remove' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Phone”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with a passkey' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^The passkey prompt was closed or timed out\. Try again\./,
    )
    expect(server.passkeys).toHaveLength(1)
  })
})
