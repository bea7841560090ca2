import { shortenAddress } from '@charter/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { decodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer, localEvmChain, localSolana } from '../../testing/chainServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer } from '../../testing/stubAnswers.ts'
import { type ApiHandler, stubApi } from '../../testing/stubApi.ts'
import type { OfferedChain } from '../balances/index.ts'

const friend = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'
const usdcOnBase = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'

/** The Send screen of a member with 1 ETH and 10 USDC on the local Base Sepolia; `friend` has used the chain. */
async function openSend(
  options: { chains?: OfferedChain[]; extra?: Record<string, ApiHandler>; native?: bigint } = {},
) {
  const server = await signedInOnThisDevice()
  const chains = chainServer(options.chains ? { chains: options.chains } : {})
  const me = server.account.address
  chains.fund(84532, me, { native: options.native ?? parseEther('1'), usdc: parseUnits('10', 6) })
  chains.fund(84532, friend, { native: parseEther('0.1') })
  chains.markUsed(84532, friend)
  const api = stubApi({ ...server.routes, ...chains.routes, ...options.extra })
  const user = userEvent.setup()
  renderApp('/wallet/send')
  // The screen is its own chunk: the first test waits for it to load.
  await screen.findByRole('heading', { name: 'Send', level: 1 }, { timeout: 10_000 })
  await screen.findByText(/10 USDC available/, {}, { timeout: 5_000 })
  const recipient = screen.getByRole('combobox', { name: 'Recipient' })
  const amount = screen.getByRole('textbox', { name: /^Amount/ })
  return { server, chains, api, user, recipient, amount, me }
}

/** Ana, a colleague whose wallet has never been used: a fresh member's, not a typo. */
const anaWallet = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const withAna = {
  'GET /api/v1/organizations/colleagues': () =>
    answer({
      colleagues: [
        {
          user_id: 'did:charter:ana',
          label: 'Ana Lopez',
          organizations: ['Acme Co-op'],
          wallets: { ethereum: anaWallet, solana: '9sUCz7nwb7uyNdeDZT8zk6LAyCJkd1Uo2Jp4m62eRztY' },
        },
        { user_id: 'did:charter:cleo', label: 'Cleo Ward', organizations: ['Acme Co-op'], wallets: {} },
      ],
    }),
}

// Each test types a whole send into a screen that loads as its own chunk, then polls its status.
describe('the Send screen', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends 2.5 USDC after the dialog, then follows it from pending to confirmed', async () => {
    const { server, user, recipient, amount } = await openSend()
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveDisplayValue(
      'Base Sepolia (local devnet)',
    )
    expect(screen.getByRole('radio', { name: /^USDC/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /^ETH/ })).toHaveAccessibleName('ETH (1 ETH available)')
    await user.type(recipient, friend.toLowerCase())
    await user.type(amount, '2.5')
    // A USDC transfer estimates 65 000 gas; with the server's 20 % and a 3 gwei cap, at most 0.000234 ETH.
    expect(await screen.findByText('0.000234 ETH')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))

    const dialog = await screen.findByRole('dialog', { name: 'Send this transaction?' })
    expect(dialog).toHaveAccessibleDescription(/signs this transaction and sends it at once/)
    expect(within(dialog).getAllByText(/2\.5 USDC/).length).toBeGreaterThan(0)
    expect(within(dialog).getAllByText(/bBbB/).length).toBeGreaterThan(0)
    expect(within(dialog).getAllByText(/0\.000234 ETH/).length).toBeGreaterThan(0)
    expect(server.sends).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))

    const status = await screen.findByText(/Pending/)
    expect(status.closest('p')).toHaveTextContent(/waiting for Base Sepolia to include it \(\d+ s\)/)
    const call = server.rpcCalls[0] as (typeof server.rpcCalls)[number]
    expect(call).toMatchObject({ method: 'eth_sendTransaction', caip2: 'eip155:84532' })
    const { transaction } = call.params as { transaction: { to: string; data: `0x${string}` } }
    expect(transaction.to).toBe(usdcOnBase)
    expect(decodeFunctionData({ abi: erc20Abi, data: transaction.data }).args).toEqual([friend, 2_500_000n])
    const [send] = server.sends
    // A local chain has no explorer: the hash alone.
    expect(screen.getByText(send?.hash as string)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /View on/ })).toBeNull()

    Object.assign(send as object, { status: 'confirmed', block_number: '42' })
    expect(await screen.findByText(/in block 42/, {}, { timeout: 5_000 })).toHaveTextContent(
      'Confirmed in block 42.',
    )
  })

  it('checks the recipient as it is typed: a checksum typo, the wallet itself, the token contract, an address never used', async () => {
    const { user, recipient, me } = await openSend()
    await user.type(recipient, friend.replace('bBbB', 'BbBb'))
    expect(await screen.findByText(/do not match its checksum/)).toBeInTheDocument()
    expect(recipient).toHaveAttribute('aria-invalid', 'true')

    await user.clear(recipient)
    await user.type(recipient, me)
    expect(await screen.findByText(/This is your own address/)).toBeInTheDocument()

    await user.clear(recipient)
    await user.type(recipient, usdcOnBase)
    expect(await screen.findByText(/the USDC token’s own address/)).toBeInTheDocument()

    await user.clear(recipient)
    await user.type(recipient, '0x000000000000000000000000000000000000dEaD')
    expect(await screen.findByText(/Nobody has used this address on Base Sepolia yet/)).toBeInTheDocument()
    expect(recipient).not.toHaveAttribute('aria-invalid')
  })

  it('reads ".5", says what is wrong with an amount, and Max leaves the fee of a native send', async () => {
    const { user, recipient, amount } = await openSend()
    await user.type(recipient, friend)
    await user.type(amount, '11')
    expect(await screen.findByText('That is more than you have: 10 USDC.')).toBeInTheDocument()
    await user.clear(amount)
    await user.type(amount, 'two')
    expect(amount).toHaveAttribute('aria-invalid', 'true')
    await user.clear(amount)
    await user.type(amount, '.5')
    expect(amount).not.toHaveAttribute('aria-invalid')

    await user.click(screen.getByRole('radio', { name: /^ETH/ }))
    expect(await screen.findByText('0.0000756 ETH')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Max' }))
    expect(amount).toHaveValue('0.9999244')
  })

  it('Review and send says what is missing instead of opening the dialog', async () => {
    const { user, server } = await openSend()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the recipient’s address.')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server.rpcCalls).toEqual([])
  })

  it('pressed before the recipient and the fee are read, it goes on to the dialog once they are', async () => {
    const { user, recipient, amount } = await openSend()
    await user.type(amount, '1')
    await user.type(recipient, friend)
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    expect(await screen.findByRole('dialog', { name: 'Send this transaction?' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a failed send says why and what to do', async () => {
    const { server, user, recipient, amount } = await openSend()
    await user.type(recipient, friend)
    await user.type(amount, '1')
    await screen.findByText('0.000234 ETH')
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign' }))
    await screen.findByText(/Pending/)
    Object.assign(server.sends[0] as object, { status: 'failed', reason: 'reverted', block_number: '7' })
    expect(await screen.findByText(/Failed/, {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.getByText(/failed \(reverted\)\. Only the fee was spent/)).toBeInTheDocument()
  })

  it('says before signing that a large send from a new device will wait, and shows the held answer as a hold', async () => {
    const opensAt = Math.floor(Date.now() / 1000) + 20 * 3600
    const limited = { ...localEvmChain(84532), new_device_send_limit: { native: '0.5', usdc: '1' } }
    const { server, user, recipient, amount } = await openSend({
      chains: [limited as OfferedChain, localSolana],
      extra: {
        'GET /api/v1/held_actions': () => answer({ hold_ends_at: opensAt, held_actions: [] }),
        'POST /api/v1/wallets/:id/rpc': () =>
          Response.json(
            {
              error: 'This send waits for the new-device hold.',
              code: 'action_held',
              held_action: { id: 'held-1', opens_at: opensAt },
            },
            { status: 403 },
          ),
      },
    })
    await user.type(recipient, friend)
    await user.type(amount, '2.5')
    expect(await screen.findByText(/This send will wait\./)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/This send will wait\./)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const held = await screen.findByRole('region', { name: 'Send held' })
    expect(held).toHaveTextContent(
      /^Held until .+; your addresses were told; your other devices can cancel it\./,
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(server.sends).toEqual([])
  })

  it('on Reject, nothing is sent and the form stays', async () => {
    const { server, user, recipient, amount } = await openSend()
    await user.type(recipient, friend)
    await user.type(amount, '1')
    await screen.findByText('0.000234 ETH')
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('You declined. Nothing was signed.')).toBeInTheDocument()
    expect(server.sends).toEqual([])
    await waitFor(() =>
      expect(server.declines).toEqual([{ walletId: 'wallet-evm-0', method: 'eth_sendTransaction' }]),
    )
    expect(amount).toHaveValue('1')
  })

  it('pays a colleague picked by name: the field holds their wallet and says who it is, the dialog too, then “Sent 2.5 USDC to Ana Lopez”', async () => {
    const { server, user, recipient, amount } = await openSend({ extra: withAna })
    expect(await screen.findByText('A colleague’s name or phone number, or an address.')).toBeInTheDocument()
    await user.type(recipient, 'ana')
    const list = await screen.findByRole('listbox', { name: 'Colleagues' })
    // Only those with a wallet on this kind of chain are offered; no error while the name is being looked up.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`Ana Lopez · Acme Co-op ${shortenAddress(anaWallet)}`])
    expect(recipient).toHaveAttribute('aria-expanded', 'true')
    expect(recipient).not.toHaveAttribute('aria-invalid')
    await user.keyboard('{Enter}')
    expect(recipient).toHaveValue(anaWallet)
    expect(recipient).toHaveAttribute('aria-expanded', 'false')
    expect(recipient).toHaveAccessibleDescription(/Ana Lopez · Acme Co-op/)
    await user.type(amount, '2.5')
    await screen.findByText('0.000234 ETH')
    // Her wallet has never been used, but it is hers: no “a typo sends to nobody”.
    await waitFor(() => expect(screen.queryByText(/Checking the address/)).toBeNull())
    expect(screen.queryByText(/Nobody has used this address/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))

    const dialog = await screen.findByRole('dialog', { name: 'Send this transaction?' })
    expect(within(dialog).getByText('Ana Lopez · Acme Co-op')).toBeInTheDocument()
    expect(within(dialog).queryByRole('note', { name: 'Before you sign' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await screen.findByText(/Pending/)
    expect(screen.getByText(/^Sending 2\.5 USDC to Ana Lopez on Base Sepolia\.$/)).toBeInTheDocument()
    Object.assign(server.sends[0] as object, { status: 'confirmed', block_number: '42' })
    const done = await screen.findByRole(
      'heading',
      { name: 'Sent 2.5 USDC to Ana Lopez' },
      { timeout: 5_000 },
    )
    const status = done.closest('section') as HTMLElement
    expect(within(status).getByText(/in block 42/)).toHaveTextContent('Confirmed in block 42.')
    expect(within(status).getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/')
    expect(within(status).getByRole('link', { name: 'See it in your activity' })).toHaveAttribute(
      'href',
      '/wallet/activity',
    )
    expect(screen.getByRole('button', { name: 'Send another' })).toBeInTheDocument()
  })

  it('names a colleague’s address typed or pasted, and keeps the red warning for an address nobody here knows', async () => {
    const { user, recipient } = await openSend({ extra: withAna })
    await user.type(recipient, '0x000000000000000000000000000000000000dEaD')
    expect(await screen.findByText(/Nobody has used this address on Base Sepolia yet/)).toBeInTheDocument()
    expect(screen.queryByText('Ana Lopez · Acme Co-op')).toBeNull()

    await user.clear(recipient)
    await user.click(recipient)
    await user.paste(anaWallet.toLowerCase())
    expect(await screen.findByText('Ana Lopez · Acme Co-op')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText(/Checking the address/)).toBeNull())
    expect(screen.queryByText(/Nobody has used this address/)).toBeNull()
  })

  it('keeps the same colleague when the network changes kind: their Solana wallet instead of their Ethereum one', async () => {
    const { user, recipient } = await openSend({ extra: withAna })
    await user.type(recipient, 'Lopez')
    await user.click(await screen.findByRole('option', { name: /^Ana Lopez · Acme Co-op / }))
    expect(recipient).toHaveValue(anaWallet)
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Network' }),
      'Solana Devnet (local devnet)',
    )
    expect(screen.getByRole('combobox', { name: 'Recipient' })).toHaveValue(
      '9sUCz7nwb7uyNdeDZT8zk6LAyCJkd1Uo2Jp4m62eRztY',
    )
    expect(screen.getByText('Ana Lopez · Acme Co-op')).toBeInTheDocument()
  })

  it('takes out spaces pasted inside and around an address, and says so instead of counting them', async () => {
    const { user, recipient } = await openSend()
    await user.click(recipient)
    await user.paste(` ${friend.slice(0, 22)} ${friend.slice(22)}\n`)
    expect(recipient).toHaveValue(friend)
    expect(await screen.findByText('Removed spaces from the address.')).toBeInTheDocument()
    expect(recipient).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText(/this has/)).toBeNull()
    await user.type(recipient, 'x')
    expect(screen.queryByText('Removed spaces from the address.')).toBeNull()
  })

  it('a USDC send without ETH for the fee says so, with Add funds and Get test funds, instead of “Correct the amount”', async () => {
    const { user, recipient, amount, chains, me } = await openSend({ native: 0n })
    await user.type(recipient, friend)
    await user.type(amount, '1')
    const note = await screen.findByRole('note', { name: 'Network fee' })
    expect(note).toHaveTextContent('You need a little ETH on Base Sepolia for the network fee.')
    expect(within(note).getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/wallet/add-funds')
    expect(amount).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need a little ETH on Base Sepolia for the network fee.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()

    // The local chain's faucet credits 1 ETH, and the send can go.
    await user.click(within(note).getByRole('button', { name: 'Get test funds' }))
    await waitFor(() =>
      expect(chains.faucetCalls).toEqual([{ address: me, chainId: 84532, asset: 'native', amount: '1' }]),
    )
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Network fee' })).toBeNull(), {
      timeout: 5_000,
    })
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    expect(await screen.findByRole('dialog', { name: 'Send this transaction?' })).toBeInTheDocument()
  })

  it('shows amounts and the fee as a person reads them: six significant digits, in the coin', async () => {
    const { user } = await openSend({ native: 999_903_711_162_903_058n })
    expect(await screen.findByRole('radio', { name: /^ETH/ })).toHaveAccessibleName(
      'ETH (0.999903 ETH available)',
    )
    await user.click(screen.getByRole('radio', { name: /^ETH/ }))
    expect(await screen.findByText('0.0000756 ETH')).toBeInTheDocument()
    expect(screen.queryByText(/gwei/)).toBeNull()
  })
})
