import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { decodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer } from '../../testing/chainServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { answer } from '../../testing/stubAnswers.ts'
import { type ApiCall, stubApi } from '../../testing/stubApi.ts'
import { solanaAddress } from '../../testing/walletServer.ts'
import type { SponsorAnswer } from '../sponsor/index.ts'

const anaWallet = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa'
const anaSolana = '9sUCz7nwb7uyNdeDZT8zk6LAyCJkd1Uo2Jp4m62eRztY'
const usdcOnBase = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const sponsorSolana = 'GuWruz2m5ZdMS2t4bv5pykM8zxeHzh8Xui1LyTxUNMEX'

const sponsor = (covered: boolean): SponsorAnswer => ({
  mode: 'members',
  covered,
  payer: 'Charter',
  evm: { address: '0x5555555555555555555555555555555555555555' },
  solana: { address: sponsorSolana },
  chains: covered ? ['84532', 'devnet'] : [],
  allowance: { sends_left: 19, sends_per_window: 20, window_hours: 24, next_free_at: null },
})

/**
 * The Send screen of a member with 25 USDC and none of either chain's coin, whose colleague is Ana; the wallet
 * API's posts are kept whole (the top-level `sponsor` flag included) and answered with a hash.
 */
async function openSend(covered: boolean, answered: SponsorAnswer = sponsor(covered)) {
  const server = await signedInOnThisDevice()
  const chains = chainServer()
  chains.fund(84532, server.account.address, { native: 0n, usdc: parseUnits('25', 6) })
  chains.fund('devnet', solanaAddress, { native: 0n, usdc: parseUnits('25', 6) })
  const posts: ApiCall[] = []
  stubApi({
    ...server.routes,
    ...chains.routes,
    'GET /api/v1/sponsor': () => answer(answered),
    'GET /api/v1/organizations/colleagues': () =>
      answer({
        colleagues: [
          {
            user_id: 'did:charter:ana',
            label: 'Ana',
            organizations: [],
            wallets: { ethereum: anaWallet, solana: anaSolana },
          },
        ],
      }),
    'POST /api/v1/wallets/:id/rpc': (call) => {
      posts.push(call)
      const { method, caip2 } = call.body as { method: string; caip2: string }
      return answer({ method, data: { caip2, hash: `0x${'ab'.repeat(32)}` } })
    },
  })
  const user = userEvent.setup()
  renderApp('/wallet/send')
  await screen.findByRole('heading', { name: 'Send', level: 1 }, { timeout: 10_000 })
  await screen.findByText(/25 USDC available/, {}, { timeout: 5_000 })
  return { user, posts }
}

describe('a send whose fee Charter pays', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('EVM, 0 ETH: no “you need a little ETH”, the fee paid by Charter, the dialog says so, posted with sponsor: true and no fee', async () => {
    const { user, posts } = await openSend(true)
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), anaWallet)
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '10')
    expect(await screen.findByText('paid by Charter')).toBeInTheDocument()
    expect(screen.getByText(/^Network fee:/)).toHaveTextContent('Network fee: paid by Charter.')
    expect(screen.queryByRole('note', { name: 'Network fee' })).toBeNull()
    // Max is all of the USDC: no fee is kept back from it.
    await user.click(screen.getByRole('button', { name: 'Max' }))
    expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveValue('25')
    await user.clear(screen.getByRole('textbox', { name: /^Amount/ }))
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '10')
    await user.click(screen.getByRole('button', { name: 'Review and send' }))

    const dialog = await screen.findByRole('dialog', {
      name: 'Send 10 USDC to Ana · network fee paid by Charter',
    })
    expect(dialog).toHaveAccessibleDescription(
      /signs this transfer, and Charter sends it at once and pays its network fee/,
    )
    const summary = dialog.querySelector('.transfer-summary') as HTMLElement
    expect(within(summary).getByText('Paid by Charter')).toBeInTheDocument()
    // No fee of the wallet's anywhere, Details included: nothing in ETH leaves it.
    expect(within(dialog).queryByText(/At most|Maximum fee/)).toBeNull()
    expect(within(dialog).queryByText(/Total at most/)).not.toBeNull()
    expect(within(dialog).getByText('10 USDC', { selector: '.total-line' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    const body = posts[0]?.body as {
      method: string
      caip2: string
      sponsor: boolean
      params: { transaction: Record<string, string> }
    }
    expect(body).toMatchObject({ method: 'eth_sendTransaction', caip2: 'eip155:84532', sponsor: true })
    const { transaction } = body.params
    expect(Object.keys(transaction).sort()).toEqual(['chain_id', 'data', 'to', 'value'])
    expect(transaction).toMatchObject({ to: usdcOnBase, value: '0x0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: transaction.data as `0x${string}` }).args).toEqual([
      anaWallet,
      10_000_000n,
    ])
  })

  it('Solana, 0 SOL: the sponsor is the fee payer and pays the new account’s rent, the dialog names Charter', async () => {
    const { user, posts } = await openSend(true)
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Network' }),
      'Solana Devnet (local devnet)',
    )
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), anaSolana)
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '10')
    expect(await screen.findByText('paid by Charter')).toBeInTheDocument()
    expect(screen.queryByRole('note', { name: 'Network fee' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))

    const dialog = await screen.findByRole('dialog', {
      name: 'Send 10 USDC to Ana · network fee paid by Charter',
    })
    expect(within(dialog).getByText(/this send creates it, and Charter pays its rent/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    const body = posts[0]?.body as { method: string; sponsor: boolean; params: { transaction: string } }
    expect(body).toMatchObject({ method: 'signAndSendTransaction', sponsor: true })
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(body.params.transaction))
    expect(Object.keys(transaction.signatures)).toEqual([sponsorSolana, solanaAddress])
    const message = decompileTransactionMessage(
      getCompiledTransactionMessageDecoder().decode(transaction.messageBytes),
    )
    expect(message.feePayer.address).toBe(sponsorSolana)
  })

  it('not covered: the member with 0 ETH is told they need a little, as before', async () => {
    const { user, posts } = await openSend(false)
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), anaWallet)
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '10')
    const note = await screen.findByRole('note', { name: 'Network fee' })
    expect(note).toHaveTextContent('You need a little ETH on Base Sepolia for the network fee.')
    expect(screen.queryByText('paid by Charter')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts).toEqual([])
  })

  it('the sends Charter pays for spent for now: the member with 0 ETH is told they need a little, and when Charter pays again', async () => {
    const spent = sponsor(true)
    spent.allowance = { ...spent.allowance, sends_left: 0, next_free_at: 1_800_000_000 }
    const { user } = await openSend(true, spent)
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), anaWallet)
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '10')
    const note = await screen.findByRole('note', { name: 'Network fee' })
    expect(note).toHaveTextContent('You need a little ETH on Base Sepolia for the network fee.')
    expect(note).toHaveTextContent(/Charter pays your network fees again from /)
    expect(within(note).getByRole('time')).toHaveAttribute(
      'datetime',
      new Date(1_800_000_000_000).toISOString(),
    )
  })
})
