import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { parseUnits } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chainServer } from '../../testing/chainServer.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { solanaAddress } from '../../testing/walletServer.ts'

const friend = 'GuWruz2m5ZdMS2t4bv5pykM8zxeHzh8Xui1LyTxUNMEX'

describe('the Send screen on Solana', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends USDC to a member without a token account: the dialog says the account is created and its rent', async () => {
    const server = await signedInOnThisDevice()
    const chains = chainServer()
    chains.fund('devnet', solanaAddress, { native: 10n ** 9n, usdc: parseUnits('10', 6) })
    stubApi({ ...server.routes, ...chains.routes })
    const user = userEvent.setup()
    renderApp('/wallet/send')
    const network = await screen.findByRole('combobox', { name: 'Network' }, { timeout: 10_000 })
    await user.selectOptions(network, 'Solana Devnet (local devnet)')
    await screen.findByText(/10 USDC available/)
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), friend)
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '1.5')
    expect(await screen.findByText(/rent for the recipient’s new USDC account/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review and send' }))

    const dialog = await screen.findByRole('dialog', { name: 'Send this transaction?' })
    expect(within(dialog).getAllByText('1.5 USDC').length).toBeGreaterThan(0)
    expect(
      within(dialog).getByText(/this send creates it, and your wallet pays its rent/),
    ).toBeInTheDocument()
    // A plain transfer: what moves in view, Sign ready without scrolling, the instructions under Details.
    const summary = dialog.querySelector('.transfer-summary') as HTMLElement
    expect(
      within(summary)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Amount', 'To', 'Network', 'Network fee', 'New token account'])
    expect(within(dialog).getByRole('button', { name: 'Sign' })).not.toHaveAttribute('aria-disabled')
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await screen.findByText(/Pending/)
    const [call] = server.rpcCalls
    expect(call).toMatchObject({
      method: 'signAndSendTransaction',
      caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      params: { encoding: 'base64' },
    })
  })
})
