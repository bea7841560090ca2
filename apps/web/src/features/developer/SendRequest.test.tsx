import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { recoverTypedDataAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { charterNote } from '../../../../../packages/core/src/__fixtures__/typedData.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'

describe('sending a request from the developer page', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends the params as typed, shows the dialog, and shows the answer', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/developer')
    // The page and the wallet load lazily, the first time slowly.
    const params = await screen.findByRole('textbox', { name: 'Params (JSON)' }, { timeout: 5_000 })
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveValue('eth_signTypedData_v4')
    await user.click(params)
    await user.paste(JSON.stringify([server.account.address, charterNote]))
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign this data?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const answer = await screen.findByText(/^"0x[0-9a-f]{130}"$/)
    const signature = JSON.parse(answer.textContent ?? '') as `0x${string}`
    expect(await recoverTypedDataAddress({ ...charterNote, signature })).toBe(server.account.address)
  })

  it('asks for a JSON list before sending anything', async () => {
    const server = await signedInOnThisDevice()
    stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/developer')
    await user.type(await screen.findByRole('textbox', { name: 'Params (JSON)' }, { timeout: 5_000 }), 'nope')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The params must be a JSON list.')
    expect(server.rpcCalls).toEqual([])
  })
})
