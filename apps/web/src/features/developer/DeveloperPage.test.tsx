import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'

describe('the developer page', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('signs with viem’s wallet client on the provider and shows the address viem recovers', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/developer')
    await user.click(await screen.findByRole('button', { name: 'Sign with viem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign this message?' })
    expect(within(dialog).getByText('Hello from viem')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    expect(await screen.findByText('The signature recovers to your wallet’s address.')).toBeInTheDocument()
    expect(screen.getByText('Address viem recovers').nextElementSibling).toHaveTextContent(
      server.account.address,
    )
  })

  it('says “You declined” when the person rejects; viem still gets the 4001', async () => {
    stubApi((await signedInOnThisDevice()).routes)
    const user = userEvent.setup()
    renderApp('/wallet/developer')
    await user.click(await screen.findByRole('button', { name: 'Sign with viem' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('You declined. Nothing was signed.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
