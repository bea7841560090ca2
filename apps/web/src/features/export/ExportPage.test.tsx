import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { evmWalletId, rightCode, solanaWalletId } from '../../testing/walletServer.ts'

const digitBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })

async function openExport() {
  const server = await signedInOnThisDevice()
  const api = stubApi(server.routes)
  const user = userEvent.setup()
  renderApp('/wallet/export')
  // The screen is a lazy chunk: its first load in a test run, on a busy machine, can take a few seconds.
  await screen.findByRole('button', { name: 'Send me a code' }, { timeout: 10_000 })
  return { server, api, user }
}

describe('export', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('warns plainly, and sends no code before the person says they understand', async () => {
    const { api, user } = await openExport()
    const note = screen.getByRole('note')
    expect(note).toHaveTextContent('Anyone who has this key controls the wallet and all its funds')
    expect(note).toHaveTextContent('Charter can’t undo an export')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    const checkbox = screen.getByRole('checkbox', { name: /I understand/ })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tick the box to say you understand before you export.',
    )
    expect(checkbox).toHaveAccessibleDescription(/Tick the box/)
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export/init`)).toEqual([])
  })

  it('shows the private key once, hidden until asked for, after a code; a wrong code says so', async () => {
    const { api, user } = await openExport()
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent('We sent a code to *2671.')
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export/init`)).toEqual([{}])
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus())

    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again (4 tries left).',
    )
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus())
    await user.paste(rightCode)

    const heading = await screen.findByRole('heading', { name: 'Your private key' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(api.bodiesOf(`POST /api/v1/wallets/${evmWalletId}/export`)).toEqual([
      { code: '000000', format: 'private_key' },
      { code: rightCode, format: 'private_key' },
    ])
    const privateKey = `0x${'ab'.repeat(32)}`
    expect(screen.queryByText(privateKey)).toBeNull()
    // The wallet, the format and the warning stay in view.
    expect(screen.getByText('Wallet').nextElementSibling).toHaveTextContent(/^Ethereum 0x/)
    expect(screen.getByText('Format').nextElementSibling).toHaveTextContent('Private key')
    expect(
      screen.getByText(/Anyone who has this key controls the wallet and all its funds\. Charter/),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Show private key' }))
    expect(screen.getByText(privateKey)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Hide private key' }))
    expect(screen.queryByText(privateKey)).toBeNull()
    expect(screen.getByText(/Leaves this page in/)).toHaveTextContent(
      /Leaves this page in [45]:\d\d, or as soon as you press Done\./,
    )
    await user.click(screen.getByRole('button', { name: 'Copy private key' }))
    expect(
      await screen.findByText(/^Copied\. Charter clears it from the clipboard in a minute/),
    ).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(privateKey)

    // One Hide (the mask) and one Done (which takes the key away with the page).
    await user.click(screen.getByRole('button', { name: 'Show private key' }))
    expect(screen.getAllByRole('button', { name: /hide/i })).toHaveLength(1)
    expect(screen.getAllByRole('link', { name: /done/i })).toHaveLength(1)
    expect(screen.queryByRole('button', { name: /done/i })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Done' }))
    expect(screen.queryByText(privateKey)).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Your private key' })).toBeNull()
  })

  it('takes the key off the page after five minutes, and says where it went', async () => {
    const { user } = await openExport()
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus())
    await user.paste(rightCode)
    await screen.findByRole('heading', { name: 'Your private key' })
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 + 1_000)
    expect(
      await screen.findByText(/The key is no longer on this page/, undefined, { timeout: 3_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show private key' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Done' })).toBeInTheDocument()
  })

  it('downloads a keystore file and shows its passphrase to write down', async () => {
    const { server, user } = await openExport()
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:http://localhost/keystore'
    })
    const clicks: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this)
    })
    await user.click(screen.getByRole('radio', { name: /^Keystore file/ }))
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await screen.findByText(/We sent a code to/)
    await user.paste(rightCode)

    expect(await screen.findByRole('heading', { name: 'Your keystore file' })).toBeInTheDocument()
    expect(screen.queryByText('apple-banjo-cedar-delta-ember-fjord')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Show passphrase' }))
    expect(screen.getByText('apple-banjo-cedar-delta-ember-fjord')).toBeInTheDocument()
    expect(screen.getByText(/Write this passphrase down now/)).toBeInTheDocument()
    expect(screen.getByText('Format').nextElementSibling).toHaveTextContent('Keystore file and passphrase')
    await user.click(screen.getByRole('button', { name: 'Download keystore file' }))
    expect(clicks).toHaveLength(1)
    expect(clicks[0]?.download).toBe(`charter-keystore-${server.account.address}.json`)
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual({
      ...server.keystore,
      version: 3,
      address: server.account.address.slice(2).toLowerCase(),
    })
  })

  it('exports a Solana key as its base58 secret key; no keystore is offered for it', async () => {
    const { api, user } = await openExport()
    await user.click(screen.getByRole('radio', { name: /^Solana/ }))
    expect(screen.queryByRole('radio', { name: /^Keystore file/ })).toBeNull()
    expect(screen.getByRole('group', { name: 'Format' })).toHaveAccessibleDescription(/base58/)
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await screen.findByText(/We sent a code to/)
    await user.paste(rightCode)
    await screen.findByRole('heading', { name: 'Your private key' })
    expect(api.bodiesOf(`POST /api/v1/wallets/${solanaWalletId}/export`)).toEqual([
      { code: rightCode, format: 'private_key' },
    ])
    expect(screen.getByText(/base58 secret key that Phantom and Solflare import/)).toBeInTheDocument()
  })

  it('goes back to the choices on Cancel, keeping them', async () => {
    const { user } = await openExport()
    await user.click(screen.getByRole('radio', { name: /^Keystore file/ }))
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }))
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await screen.findByText(/We sent a code to/)
    expect(screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    const format = screen.getByRole('group', { name: 'Format' })
    expect(within(format).getByRole('radio', { name: /^Keystore file/ })).toBeChecked()
  })
})
