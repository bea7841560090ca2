import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { encode } from 'uqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer } from '../../testing/chainServer.ts'
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

  it('shows one network at a time: the EVM address on Base Sepolia, the Solana address on Solana, named beside the code', async () => {
    const server = await signedInOnThisDevice()
    const chains = chainServer()
    stubApi({ ...server.routes, ...chains.routes })
    const user = userEvent.setup()
    renderApp('/wallet/receive')
    const heading = await screen.findByRole('heading', { name: 'Receive', level: 1 }, { timeout: 5_000 })
    await waitFor(() => expect(heading).toHaveFocus())
    const evm = server.account.address

    const switcher = await screen.findByRole('group', { name: 'Network' })
    const options = within(switcher).getAllByRole('radio')
    expect(options.map((option) => option.closest('label')?.textContent)).toEqual([
      'Base Sepolia (local devnet)',
      'Arbitrum Sepolia (local devnet)',
      'Solana Devnet (local devnet)',
    ])
    expect(within(switcher).getByRole('radio', { name: 'Base Sepolia (local devnet)' })).toBeChecked()
    const base = screen.getByRole('region', { name: 'Your address on Base Sepolia (local devnet)' })
    expect(
      within(base).getByRole('img', { name: 'QR code of your address on Base Sepolia (local devnet)' })
        .tagName,
    ).toBe('svg')
    expect(within(base).getByText('Only send on Base Sepolia (local devnet).')).toBeInTheDocument()
    // The whole address, in groups of four: nothing cut.
    expect(within(base).getByText(evm.slice(2, 6))).toBeInTheDocument()
    expect(base.querySelector('code')?.textContent).toBe(evm)
    expect(screen.getAllByRole('img', { name: /^QR code/ })).toHaveLength(1)
    await user.click(within(base).getByRole('button', { name: 'Copy address' }))
    expect(await within(base).findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(evm)

    await user.click(within(switcher).getByRole('radio', { name: 'Solana Devnet (local devnet)' }))
    const solana = screen.getByRole('region', { name: 'Your address on Solana Devnet (local devnet)' })
    expect(within(solana).getByText('Only send on Solana Devnet (local devnet).')).toBeInTheDocument()
    expect(solana.querySelector('code')?.textContent).toBe(solanaAddress)
    expect(within(solana).getByText(solanaAddress.slice(0, 4))).toBeInTheDocument()
    expect(screen.getAllByRole('img', { name: /^QR code/ })).toHaveLength(1)
    expect(screen.queryByRole('region', { name: /Base Sepolia/ })).toBeNull()
    await user.click(within(solana).getByRole('button', { name: 'Copy address' }))
    expect(await within(solana).findByText('Copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(solanaAddress)

    // Arbitrum shares the EVM address.
    await user.click(within(switcher).getByRole('radio', { name: 'Arbitrum Sepolia (local devnet)' }))
    const arbitrum = screen.getByRole('region', { name: 'Your address on Arbitrum Sepolia (local devnet)' })
    expect(arbitrum.querySelector('code')?.textContent).toBe(evm)
  })

  it('still shows each wallet’s address when the server’s networks cannot be loaded', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/receive')
    const switcher = await screen.findByRole('group', { name: 'Network' }, { timeout: 5_000 })
    expect(screen.getByRole('region', { name: 'Your address on EVM networks' })).toBeInTheDocument()
    await user.click(within(switcher).getByRole('radio', { name: 'Solana' }))
    const solana = screen.getByRole('region', { name: 'Your address on Solana' })
    expect(solana.querySelector('code')?.textContent).toBe(solanaAddress)
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
