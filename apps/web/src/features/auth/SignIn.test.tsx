import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { recoverMessageAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp.tsx'
import { stubApi } from '../../testing/stubApi.ts'
import { rightCode, walletServer } from '../../testing/walletServer.ts'
import { browserKeyStore } from '../walletProxy/index.ts'

/** Up to the code screen of a sign-in with +1 415 555 2671, from wherever the page shows the sign-in. */
async function askForCode(user: ReturnType<typeof userEvent.setup>) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
  await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
}

describe('signing in binds this device’s key', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('sends a fresh key with the code, keeps it, and the wallet signs with it at once', async () => {
    await browserKeyStore().clear()
    const server = walletServer({ signedIn: false })
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/wallet/sign')
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument()
    await askForCode(user)
    await user.paste(rightCode)

    const field = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 5000 })
    const [authenticate] = api.bodiesOf('POST /api/v1/passwordless_sms/authenticate') as {
      authorization_key: string
    }[]
    const stored = await browserKeyStore().load()
    // The session was born bound to the key this browser keeps, now marked as the member's.
    expect(authenticate?.authorization_key).toBe(stored?.publicKey)
    expect(stored?.userId).toBe(server.user.id)
    expect(stored?.keyPair.privateKey.extractable).toBe(false)
    expect(server.registeredKeys).toEqual([stored?.publicKey])
    // The wallet found that same key and the server knew it: no other key was offered.
    expect(api.bodiesOf('POST /api/v1/sessions/authorization_key')).toEqual([
      { public_key: stored?.publicKey },
    ])

    await user.type(field, 'Signed right after sign-in')
    await user.click(screen.getByRole('button', { name: 'Sign message' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign' }))
    const heading = await screen.findByRole('heading', { name: 'Signature' })
    const signature = within(heading.closest('section') as HTMLElement).getByText(/^0x[0-9a-f]{130}$/)
    expect(
      await recoverMessageAddress({
        message: 'Signed right after sign-in',
        signature: signature.textContent as `0x${string}`,
      }),
    ).toBe(server.account.address)
    expect(server.refused).toEqual([])
  })

  it('sends a new key with each try, and a refused code binds none to the member', async () => {
    await browserKeyStore().clear()
    const server = walletServer({ signedIn: false })
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/')
    await askForCode(user)
    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.')
    expect((await browserKeyStore().load())?.userId).toBeUndefined()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
    await user.paste(rightCode)
    await screen.findByText(/Signed in as/)
    const keys = (
      api.bodiesOf('POST /api/v1/passwordless_sms/authenticate') as { authorization_key: string }[]
    ).map((body) => body.authorization_key)
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
    expect(await browserKeyStore().load()).toMatchObject({ userId: server.user.id, publicKey: keys[1] })
  })
})
