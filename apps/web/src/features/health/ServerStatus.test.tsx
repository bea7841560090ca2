import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Providers } from '../../app/Providers.tsx'
import { answer } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { ServerStatus } from './ServerStatus.tsx'

const evm = '0x1234567890abcdef1234567890abcdef12345678'
const solana = 'So1anaSponsor1111111111111111111111111111111'

const healthWith = (parts: Record<string, unknown>) => () =>
  answer({ status: 'ok', version: '0.1.0', mode: 'embedded', appId: 'charter', parts })

const sponsorLine = (baseSepolia: { balance: string; low: boolean }) => ({
  sponsor: {
    status: 'ok',
    detail: '…',
    sponsor: {
      addresses: { ethereum: evm, solana },
      balances: [
        { chain: '84532', name: 'Base Sepolia', symbol: 'ETH', ...baseSepolia },
        { chain: 'devnet', name: 'Solana Devnet', balance: '10', symbol: 'SOL', low: false },
      ],
    },
  },
})

afterEach(() => vi.unstubAllGlobals())

describe('the server status', () => {
  it('shows what the fee sponsor holds on each chain', async () => {
    stubApi({ 'GET /api/health': healthWith(sponsorLine({ balance: '10', low: false })) })
    render(
      <Providers>
        <ServerStatus />
      </Providers>,
    )
    expect(
      await screen.findByText(
        'Charter pays members’ network fees from 0x1234…5678 (EVM) and So1ana…1111 (Solana): it holds 10 ETH on Base Sepolia, 10 SOL on Solana Devnet.',
      ),
    ).toBeVisible()
    expect(screen.queryByText(/is low on/)).toBeNull()
  })

  it('warns in words when the sponsor runs low on a chain, naming where to send more', async () => {
    stubApi({ 'GET /api/health': healthWith(sponsorLine({ balance: '0.01', low: true })) })
    render(
      <Providers>
        <ServerStatus />
      </Providers>,
    )
    expect(
      await screen.findByText(
        `The fee sponsor is low on Base Sepolia: it holds 0.01 ETH. Send ETH to ${evm} before members’ sponsored sends there fail.`,
      ),
    ).toBeVisible()
  })

  it('says nothing of a sponsor when sponsorship is off', async () => {
    stubApi({ 'GET /api/health': healthWith({ sponsor: { status: 'ok', detail: 'off' } }) })
    render(
      <Providers>
        <ServerStatus />
      </Providers>,
    )
    expect(await screen.findByText(/is running in local mode/)).toBeVisible()
    expect(screen.queryByText(/network fees/)).toBeNull()
  })
})
