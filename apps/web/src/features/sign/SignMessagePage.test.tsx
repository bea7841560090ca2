import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { recoverMessageAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'

async function openSignPage() {
  const server = await signedInOnThisDevice()
  const api = stubApi(server.routes)
  const user = userEvent.setup()
  renderApp('/wallet/sign')
  const field = await screen.findByRole('textbox', { name: 'Message' })
  return { server, api, user, field }
}

describe('signing a message', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the message in the confirmation dialog, then the signature, which recovers to the wallet', async () => {
    const { server, user, field } = await openSignPage()
    expect(screen.getByRole('heading', { name: 'Sign a message', level: 1 })).toBeInTheDocument()
    await user.type(field, 'I am a member of Charter')
    const submit = screen.getByRole('button', { name: 'Sign message' })
    await user.click(submit)

    const dialog = await screen.findByRole('dialog', { name: 'Sign this message?' })
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Sign this message?' })).toHaveFocus(),
    )
    expect(within(dialog).getByText('I am a member of Charter')).toBeInTheDocument()
    expect(dialog).toHaveAccessibleDescription(/Your wallet 0x.{3}….{4} signs what is below/)
    expect(screen.getByText('Waiting for you to confirm in the dialog.')).toBeInTheDocument()
    expect(server.rpcCalls).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const heading = await screen.findByRole('heading', { name: 'Signature' })
    const signature = within(heading.closest('section') as HTMLElement).getByText(/^0x[0-9a-f]{130}$/)
    expect(
      await recoverMessageAddress({
        message: 'I am a member of Charter',
        signature: signature.textContent as `0x${string}`,
      }),
    ).toBe(server.account.address)
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(submit).toHaveFocus())
    expect(screen.getByRole('button', { name: 'Copy signature' })).toBeInTheDocument()
  })

  it('on Reject, says in neutral words that nothing was signed, and tells the server of the decline', async () => {
    const { server, user, field } = await openSignPage()
    await user.type(field, 'Not this one')
    await user.click(screen.getByRole('button', { name: 'Sign message' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))

    const declined = await screen.findByText('You declined. Nothing was signed.')
    expect(declined).toHaveAttribute('role', 'status')
    expect(declined).not.toHaveClass('wallet-error')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/try/i)).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server.rpcCalls).toEqual([])
    await waitFor(() =>
      expect(server.declines).toEqual([{ walletId: 'wallet-evm-0', method: 'personal_sign' }]),
    )
  })

  it('still says nothing was signed when the decline cannot be recorded', async () => {
    const server = await signedInOnThisDevice()
    stubApi({
      ...server.routes,
      'POST /api/v1/wallets/wallet-evm-0/decline': () =>
        Response.json(
          { error: 'Something went wrong on our side.', code: 'internal_error' },
          { status: 500 },
        ),
    })
    const user = userEvent.setup()
    renderApp('/wallet/sign')
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'No')
    await user.click(screen.getByRole('button', { name: 'Sign message' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('You declined. Nothing was signed.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('asks for a message before anything is signed', async () => {
    const { server, user, field } = await openSignPage()
    await user.click(screen.getByRole('button', { name: 'Sign message' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type a message to sign.')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(/Type a message to sign/)
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.type(field, 'x')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(server.rpcCalls).toEqual([])
  })

  it('waits for the wallet to be set up on this device before offering to sign', async () => {
    const server = await signedInOnThisDevice()
    let register: () => void = () => {}
    const registered = new Promise<void>((resolve) => {
      register = resolve
    })
    stubApi({
      ...server.routes,
      'POST /api/v1/sessions/authorization_key': async (call) => {
        await registered
        return server.routes['POST /api/v1/sessions/authorization_key']?.(call) as Response
      },
    })
    renderApp('/wallet/sign')
    expect(await screen.findByText('Setting up your wallet on this device…')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
    register()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument())
  })
})
