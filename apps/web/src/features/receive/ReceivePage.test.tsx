import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { encode } from 'uqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { solanaAddress } from '../../testing/walletServer.ts'
import { qrCodeModules } from './qrCodeModules.ts'

describe('receive', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows each address short with a copy button, in full on request, and as a QR code', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/receive')
    const heading = await screen.findByRole('heading', { name: 'Receive', level: 1 })
    await waitFor(() => expect(heading).toHaveFocus())

    const evm = server.account.address
    const ethereum = screen.getByRole('region', { name: 'Ethereum address' })
    expect(within(ethereum).getByRole('img', { name: 'QR code of your Ethereum address' }).tagName).toBe(
      'svg',
    )
    expect(within(ethereum).getByText(`${evm.slice(0, 5)}…${evm.slice(-4)}`)).toBeInTheDocument()
    await user.click(within(ethereum).getByRole('button', { name: 'Copy Ethereum address' }))
    expect(await within(ethereum).findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(evm)
    expect(within(ethereum).getByText(evm)).toBeInTheDocument()

    const solana = screen.getByRole('region', { name: 'Solana address' })
    expect(within(solana).getByRole('img', { name: 'QR code of your Solana address' })).toBeInTheDocument()
    await user.click(within(solana).getByRole('button', { name: 'Copy Solana address' }))
    expect(await within(solana).findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(solanaAddress)
  })

  it('draws every dark module of the code, inside a quiet zone of four', () => {
    const { size, path } = qrCodeModules(solanaAddress)
    const { data } = encode(solanaAddress, { ecc: 'M', border: 4 })
    expect(size).toBe(data.length)
    const drawn = new Set<string>()
    for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(run); i++) drawn.add(`${Number(x) + i},${y}`)
    }
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])))
    expect([...drawn].sort()).toEqual(dark.sort())
    expect(data[0]?.some(Boolean)).toBe(false)
    expect(data[4]?.[4]).toBe(true)
  })
})
