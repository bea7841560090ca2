import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { phoneUser, withEmail } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../../testing/signedInOnThisDevice.ts'
import { stubApi } from '../../testing/stubApi.ts'
import { rightCode, rightStepUpCode } from '../../testing/walletServer.ts'

const firstDigit = () => screen.getByRole('textbox', { name: 'Digit 1 of 6' })
type User = ReturnType<typeof userEvent.setup>

/** The change page of a member with +1 415 555 2671 (and ada@example.org unless said), signed in here. */
async function openPhoneChange(member = withEmail(phoneUser, 'ada@example.org')) {
  const server = await signedInOnThisDevice({ member })
  const api = stubApi(server.routes)
  const user = userEvent.setup()
  renderApp('/account/phone')
  // The page and the wallet load lazily, and the key is registered first: slow on a busy machine.
  await screen.findByRole('heading', { name: 'Step 1 of 2: your new phone number' }, { timeout: 5000 })
  return { server, api, user }
}

/** Step 1 with +1 415 555 0199 and `code`, up to step 2. */
async function proveNewNumber(user: User, code = rightCode) {
  await user.type(screen.getByRole('textbox', { name: 'New phone number' }), '415 555 0199{Enter}')
  await waitFor(() => expect(firstDigit()).toHaveFocus())
  await user.paste(code)
  const heading = await screen.findByRole('heading', { name: 'Step 2 of 2: confirm it is you' })
  await waitFor(() => expect(heading).toHaveFocus())
}

/** Step 2: the confirmation code, sent where the page proposes. */
async function sendConfirmation(user: User) {
  await user.click(screen.getByRole('button', { name: 'Send code' }))
  await waitFor(() => expect(firstDigit()).toHaveFocus())
}

describe('changing an address takes two codes', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('proves the new number with its code, then confirms it is you with a code to the email', async () => {
    const { server, api, user } = await openPhoneChange()
    expect(screen.getByRole('heading', { name: 'Change your phone number' })).toBeInTheDocument()
    expect(screen.getByText(/A change takes two codes/)).toHaveTextContent(
      'Now: +1 415 555 2671. A change takes two codes: first one to your new phone number, to make sure it is yours; then one to an address you already have, to confirm it is you. The old phone number then stops working for sign-in.',
    )
    await user.type(screen.getByRole('textbox', { name: 'New phone number' }), '415 555 0199{Enter}')
    expect(await screen.findByRole('heading', { name: 'Step 1 of 2: enter the code' })).toBeInTheDocument()
    expect(screen.getByText(/We sent a code to/)).toHaveTextContent('We sent a code to +1 415 555 0199.')
    // Its message says it is to change the sign-in number, not to sign in.
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toEqual([
      { phoneNumber: '+14155550199', purpose: 'change' },
    ])
    await waitFor(() => expect(firstDigit()).toHaveFocus())
    await user.paste(rightCode)

    const heading = await screen.findByRole('heading', { name: 'Step 2 of 2: confirm it is you' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByText(/is yours\. Before it becomes/)).toHaveTextContent(
      '+1 415 555 0199 is yours. Before it becomes your phone number, we send a code to an address you already have, to make sure it is you who asks.',
    )
    expect(screen.getByText(/The code goes to/)).toHaveTextContent(
      'The code goes to your email address ada@example.org.',
    )
    // Nothing goes out until the member asks, and nothing changed yet.
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([])
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/update')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to ada@example.org to confirm it is you. It works for 10 minutes.',
    )
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([{ action: 'update_phone', via: 'email' }])
    const stepUp = api.calls.find((call) => call.path === '/api/v1/step_up/init')
    expect(stepUp?.headers['privy-authorization-signature']).toBeTruthy()
    await waitFor(() => expect(firstDigit()).toHaveFocus())
    await user.paste(rightStepUpCode)

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your phone number is now +1 415 555 0199. You can sign in with it from now on.',
    )
    expect(screen.getByText(/Your other devices/)).toHaveTextContent(
      'Your other devices and browsers were signed out: sign in there again with your new phone number. We told your old phone number about the change.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/update')).toEqual([
      {
        old_phone_number: '+14155552671',
        new_phone_number: '+14155550199',
        code: rightCode,
        step_up_code: rightStepUpCode,
      },
    ])
    expect(server.refused).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Account' }))
    const panel = screen.getByRole('region', { name: 'Your account' })
    expect(within(panel).getByText('+1 415 555 0199')).toBeInTheDocument()
  })

  it('sends the confirmation code again on request, or to the phone instead', async () => {
    const { api, user } = await openPhoneChange()
    await proveNewNumber(user)
    await sendConfirmation(user)
    expect(screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    // Half a minute later, a new code may be asked for.
    const later = Date.now() + 31_000
    vi.spyOn(Date, 'now').mockImplementation(() => later)
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }))
    expect(
      await screen.findByText('A new code is on its way. Only the newest code works.'),
    ).toBeInTheDocument()

    await user.click(
      screen.getByRole('button', { name: 'Send it to my phone number +1 415 555 2671 instead' }),
    )
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to +1 415 555 2671 to confirm it is you.',
    )
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([
      { action: 'update_phone', via: 'email' },
      { action: 'update_phone', via: 'email' },
      { action: 'update_phone', via: 'phone' },
    ])
  })

  it('says what to do when the code would go to an address the member no longer has', async () => {
    const { api, user } = await openPhoneChange(phoneUser)
    await proveNewNumber(user)
    expect(screen.getByText(/The code goes to/)).toHaveTextContent(
      'The code goes to your phone number +1 415 555 2671.',
    )
    const lost = screen.getByRole('button', { name: 'I no longer have +1 415 555 2671' })
    expect(lost).toHaveAttribute('aria-expanded', 'false')
    lost.focus()
    await user.keyboard('{Enter}')
    expect(lost).toHaveAttribute('aria-expanded', 'true')
    const help = document.getElementById(lost.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(help).toBeVisible()
    expect(help).toHaveTextContent(
      'Add an email address to your account first: that needs only a code to the new address. Then come back here and have this code sent there. If you cannot, ask your organisation’s administrator for help.',
    )
    expect(within(help).getByRole('link', { name: 'Add an email address' })).toHaveAttribute(
      'href',
      '/account/email',
    )
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([])
  })

  it('offers the other address when the member has both', async () => {
    const { api, user } = await openPhoneChange()
    await proveNewNumber(user)
    await user.click(screen.getByRole('button', { name: 'I no longer have ada@example.org' }))
    expect(screen.getByText(/Have the code sent to/)).toHaveTextContent(
      'Have the code sent to your phone number +1 415 555 2671 instead, with the button above. If you can use neither, ask your organisation’s administrator for help: without a code to an address you already have, Charter cannot change your phone number.',
    )
    await user.click(screen.getByRole('button', { name: 'Use my phone number instead' }))
    expect(screen.getByText(/The code goes to/)).toHaveTextContent(
      'The code goes to your phone number +1 415 555 2671.',
    )
    await sendConfirmation(user)
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([{ action: 'update_phone', via: 'phone' }])
  })

  it('says a wrong confirmation code in the server’s words, and takes the right one next', async () => {
    const { api, user } = await openPhoneChange()
    await proveNewNumber(user)
    await sendConfirmation(user)
    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again (4 tries left).',
    )
    await waitFor(() => expect(firstDigit()).toHaveFocus())
    await user.paste(rightStepUpCode)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your phone number is now +1 415 555 0199.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/update')).toHaveLength(2)
  })

  it('goes back from step 2 to the code of step 1, kept as sent, to fix a mistyped code there', async () => {
    const { api, user } = await openPhoneChange()
    await proveNewNumber(user, '111111')
    await sendConfirmation(user)
    await user.paste(rightStepUpCode)
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.')

    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(await screen.findByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Step 1 of 2: enter the code' })).toBeInTheDocument()
    await waitFor(() => expect(firstDigit()).toHaveFocus())
    // The same code: no second one was asked for.
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toHaveLength(1)
    await user.paste(rightCode)
    await screen.findByRole('heading', { name: 'Step 2 of 2: confirm it is you' })
    // The server used up the first confirmation code with the refused change: a new one is needed.
    const later = Date.now() + 31_000
    vi.spyOn(Date, 'now').mockImplementation(() => later)
    await sendConfirmation(user)
    await user.paste(rightStepUpCode)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your phone number is now +1 415 555 0199.',
    )
  })

  it('refuses to change a phone number to the same one before sending anything', async () => {
    const { api, user } = await openPhoneChange()
    const field = screen.getByRole('textbox', { name: 'New phone number' })
    await user.type(field, '415 555 2671{Enter}')
    await waitFor(() => expect(field).toHaveAccessibleDescription(/This is already your phone number/))
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toEqual([])
  })

  it('changes an email address the same way, confirming by phone', async () => {
    const server = await signedInOnThisDevice({ member: withEmail(phoneUser, 'ada@example.org') })
    const api = stubApi(server.routes)
    const user = userEvent.setup()
    renderApp('/account/email')
    await screen.findByRole('heading', { name: 'Change your email address' }, { timeout: 5000 })
    await user.type(
      await screen.findByRole('textbox', { name: 'New email address' }),
      'ada@example.net{Enter}',
    )
    await waitFor(() => expect(firstDigit()).toHaveFocus())
    await user.paste(rightCode)
    expect(await screen.findByText(/The code goes to/)).toHaveTextContent(
      'The code goes to your phone number +1 415 555 2671.',
    )
    await sendConfirmation(user)
    expect(screen.getByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to +1 415 555 2671 to confirm it is you.',
    )
    await user.paste(rightStepUpCode)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your email address is now ada@example.net.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless/init')).toEqual([
      { email: 'ada@example.net', purpose: 'change' },
    ])
    expect(api.bodiesOf('POST /api/v1/step_up/init')).toEqual([{ action: 'update_email', via: 'phone' }])
    expect(api.bodiesOf('POST /api/v1/passwordless/update')).toEqual([
      {
        oldAddress: 'ada@example.org',
        newAddress: 'ada@example.net',
        code: rightCode,
        step_up_code: rightStepUpCode,
      },
    ])
  })
})
