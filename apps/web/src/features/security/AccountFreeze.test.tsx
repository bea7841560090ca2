import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer, refuse } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'

async function openFreeze(routes: Parameters<typeof stubApi>[0] = {}) {
  const server = await signedInOnThisDevice()
  const api = stubApi({ ...server.routes, ...routes })
  const user = userEvent.setup()
  renderApp('/security')
  const section = await screen.findByRole('region', { name: 'Freeze your account' }, { timeout: 10_000 })
  return { api, user, section }
}

describe('freezing the account, on the Security page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('freezes for the chosen period after a confirmation, shows until when, and lifts it', async () => {
    const { api, user, section } = await openFreeze()
    await user.selectOptions(await within(section).findByLabelText('For'), '3 days')
    await user.click(within(section).getByRole('button', { name: 'Freeze…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Freeze your account for 3 days?' })
    expect(dialog).toHaveTextContent('No device can send, sign or export for 3 days, this one too.')
    expect(api.bodiesOf('POST /api/v1/account/freeze')).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }))
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        /^Your account is frozen until .+: no device can send, sign or export until then\.$/,
      ),
    )
    expect(api.bodiesOf('POST /api/v1/account/freeze')).toEqual([{ hours: 72 }])
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(within(section).getByRole('button', { name: 'Lift the freeze' }))
    await within(section).findByRole('button', { name: 'Freeze…' })
    expect(api.bodiesOf('POST /api/v1/account/freeze/lift')).toEqual([{}])
  })

  it('says when lifting from a younger device waits, in the server’s words', async () => {
    const now = Math.floor(Date.now() / 1000)
    const { user, section } = await openFreeze({
      'GET /api/v1/account/freeze': () =>
        answer({ frozen: true, frozen_at: now - 60, ends_at: now + 86_400, lift: null }),
      'POST /api/v1/account/freeze/lift': () =>
        refuse(
          {
            error:
              'This device signed in after the freeze was set, so lifting it waits 24 hours: it will be lifted at 2026-01-02 10:00 UTC, unless one of your devices cancels it. Your addresses were told.',
            code: 'action_held',
          },
          403,
        ),
    })
    await user.click(await within(section).findByRole('button', { name: 'Lift the freeze' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This device signed in after the freeze was set, so lifting it waits 24 hours',
    )
  })
})
