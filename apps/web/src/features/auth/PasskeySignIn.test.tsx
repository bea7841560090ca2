import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authenticator, browserRefusal } from '../../testing/fakeAuthenticator.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { stubApi } from '../../testing/stubApi.ts'
import { passkeyRow, walletServer } from '../../testing/walletServer.ts'
import { browserKeyStore } from '../walletProxy/index.ts'

vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<object>()),
  ...(await import('../../testing/fakeAuthenticator.ts')).webAuthnStandIn,
}))

const credential = 'cGFzc2tleS0x'

/** The sign-in screen of a member whose authenticator holds a passkey of their account (unless `none`). */
async function openSignIn(options: { none?: boolean } = {}) {
  await browserKeyStore().clear()
  if (!options.none) authenticator.credentials.push(credential)
  const server = walletServer({ signedIn: false, passkeys: [passkeyRow(credential, 'Phone')] })
  const api = stubApi(server.routes)
  const user = userEvent.setup()
  renderApp('/')
  await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })
  return { server, api, user }
}

describe('signing in with a passkey', () => {
  afterEach(() => {
    authenticator.reset()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('signs in from the button and binds the session to this device’s key, as a code does', async () => {
    const { server, api, user } = await openSignIn()
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    await screen.findByText(/Signed in as/, undefined, { timeout: 5000 })
    const [body] = api.bodiesOf('POST /api/v1/passkeys/authenticate') as {
      challenge: string
      authenticator_response: { id: string }
      authorization_key: string
    }[]
    expect(body?.authenticator_response.id).toBe(credential)
    const stored = await browserKeyStore().load()
    expect(body?.authorization_key).toBe(stored?.publicKey)
    expect(stored?.userId).toBe(server.user.id)
    expect(server.registeredKeys).toEqual([stored?.publicKey])
    expect(server.passkeyProofs).toEqual(['sign_in'])
  })

  it('offers the passkeys among the address field’s suggestions, and signs in with the one picked', async () => {
    const { server, user } = await openSignIn()
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute(
      'autocomplete',
      'tel webauthn',
    )
    await waitFor(() => expect(authenticator.suggesting()).toBe(true))
    expect(authenticator.startAuthentication).toHaveBeenLastCalledWith(
      expect.objectContaining({ useBrowserAutofill: true }),
    )
    await user.click(screen.getByRole('button', { name: 'Use email instead' }))
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    )
    authenticator.pickSuggestion()
    await screen.findByText(/Signed in as/, undefined, { timeout: 5000 })
    expect(server.signedIn).toBe(true)
    expect(server.passkeyProofs).toEqual(['sign_in'])
  })

  it('says plainly when the prompt was closed, then offers the suggestions again', async () => {
    const { user } = await openSignIn()
    await waitFor(() => expect(authenticator.suggesting()).toBe(true))
    authenticator.startAuthentication.mockRejectedValueOnce(browserRefusal('NotAllowedError'))
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The passkey prompt was closed or timed out\. Try again\. No passkey on this device\?/,
    )
    await waitFor(() => expect(authenticator.suggesting()).toBe(true))
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('says the server’s words when the passkey is on no account here', async () => {
    const { server, user } = await openSignIn({ none: true })
    authenticator.credentials.push('cmVtb3ZlZA')
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This passkey is not on any Charter account here: it may have been removed.',
    )
    expect(server.signedIn).toBe(false)
  })

  it('shows no passkey button on a browser without passkeys, and waits for no suggestion', async () => {
    authenticator.browserSupportsWebAuthn.mockReturnValue(false)
    const { api } = await openSignIn()
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument()
    // The passkeys' part (its own chunk) has loaded, and asked.
    await waitFor(() => expect(authenticator.browserSupportsWebAuthn).toHaveBeenCalled())
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
    expect(api.bodiesOf('POST /api/v1/passkeys/authenticate/init')).toEqual([])
  })
})
