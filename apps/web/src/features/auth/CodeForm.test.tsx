import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { codeSent, phoneUser, signedInAnswer } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { type ApiHandler, stubApi } from '../../testing/stubApi.ts'

const digitBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })

/** Signs in up to the code screen with +1 415 555 2671. */
async function reachCodeScreen(authenticate: ApiHandler) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
  const api = stubApi({
    'POST /api/v1/passwordless_sms/init': codeSent,
    'POST /api/v1/passwordless_sms/authenticate': authenticate,
  })
  const user = userEvent.setup()
  renderApp()
  await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')
  await screen.findByRole('heading', { name: 'Enter your code' })
  // The boxes take focus once they are on screen.
  await waitFor(() => expect(digitBoxes()[0]).toHaveFocus())
  return { api, user }
}

describe('signing in: the code', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('fills all six boxes from one paste and signs in with the code', async () => {
    const { api, user } = await reachCodeScreen(() => signedInAnswer(phoneUser))
    expect(screen.getByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to +1 415 555 2671. It works for 10 minutes. Change number',
    )
    expect(digitBoxes()).toHaveLength(6)
    expect(digitBoxes()[0]).toHaveAttribute('autocomplete', 'one-time-code')
    expect(digitBoxes()[0]).toHaveAttribute('inputmode', 'numeric')
    expect(digitBoxes()[0]).toHaveFocus()

    await user.paste('123456')

    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Signed in as +1 415 555 2671.')
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/authenticate')).toEqual([
      { phoneNumber: '+14155552671', code: '123456', authorization_key: expect.any(String) },
    ])
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument()
    // The code boxes are gone; focus goes on to the page's content, not back to the top.
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('takes a pasted code with spaces into any box, from the first', async () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    const { api, user } = await reachCodeScreen(async () => {
      await answered
      return signedInAnswer(phoneUser)
    })
    await user.click(digitBoxes()[3] as HTMLElement)
    await user.paste('Your code: 654 321')
    expect(digitBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['6', '5', '4', '3', '2', '1'])
    release()
    await screen.findByText(/Signed in as/)
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/authenticate')).toEqual([
      { phoneNumber: '+14155552671', code: '654321', authorization_key: expect.any(String) },
    ])
  })

  it('moves on as digits are typed and back with Backspace', async () => {
    const { user } = await reachCodeScreen(() => signedInAnswer(phoneUser))
    await user.keyboard('12')
    expect(digitBoxes()[2]).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(digitBoxes()[1]).toHaveFocus()
    expect(digitBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '', '', '', '', ''])
    await user.keyboard('{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter all 6 digits of the code.')
  })

  it("says what was wrong with a refused code in the server's words, and starts the boxes afresh", async () => {
    const { user } = await reachCodeScreen(() =>
      Response.json(
        {
          error: 'That code is not right. Check it and try again (4 tries left).',
          code: 'invalid_credentials',
        },
        { status: 401 },
      ),
    )
    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check it and try again (4 tries left).',
    )
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus())
    expect(digitBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', ''])
    expect(digitBoxes()[0]).toHaveAttribute('aria-invalid', 'true')
    expect(digitBoxes()[0]).toHaveAccessibleDescription(/4 tries left/)
    // A wrong code is a 401 too, but it does not sign anyone out or leave the screen.
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeInTheDocument()
  })

  it('shuts the boxes after the last wrong try, and says to ask for a new code and when', async () => {
    const { user } = await reachCodeScreen(() =>
      Response.json(
        {
          error: 'That code is not right, and that was the last try. Ask for a new code.',
          code: 'invalid_credentials',
        },
        { status: 401 },
      ),
    )
    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right, and that was the last try. Ask for a new code. The boxes are closed: this code cannot be used any more.',
    )
    expect(screen.getByText(/^Ask for a new code\./)).toHaveTextContent(/You can ask for one in (30|2\d) s\./)
    for (const box of digitBoxes()) expect(box).toBeDisabled()
    expect(digitBoxes()[0]).toHaveAccessibleDescription(/this code cannot be used any more/)
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('shuts the boxes when the code was tried too many times, with the wait the server asks for', async () => {
    let tries = 0
    const { api, user } = await reachCodeScreen(() => {
      tries += 1
      return Response.json(
        { error: 'Too many wrong codes. Ask for a new code and try again.', code: 'too_many_requests' },
        { status: 429, headers: { 'Retry-After': '600' } },
      )
    })
    await user.paste('000000')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes.')
    expect(screen.getByText(/^Ask for a new code\./)).toHaveTextContent(
      /You can ask for one at .+ \(in 10 minutes\)\./,
    )
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toHaveTextContent(
        /in (600|59\d) s/,
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(tries).toBe(1)
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/authenticate')).toHaveLength(1)
  })

  it('opens the boxes again once a new code went out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user } = await reachCodeScreen(() =>
      Response.json(
        {
          error: 'That code is not right, and that was the last try. Ask for a new code.',
          code: 'invalid_credentials',
        },
        { status: 401 },
      ),
    )
    await user.paste('000000')
    await waitFor(() => expect(digitBoxes()[0]).toBeDisabled())
    vi.advanceTimersByTime(31_000)
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }))
    expect(
      await screen.findByText('A new code is on its way. Only the newest code works.'),
    ).toBeInTheDocument()
    for (const box of digitBoxes()) expect(box).toBeEnabled()
    vi.useRealTimers()
  })

  it('counts down before another code may be sent, and goes back to the number kept as typed', async () => {
    const { user } = await reachCodeScreen(() => signedInAnswer(phoneUser))
    const resend = screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })
    expect(resend).toHaveTextContent(/in (30|29) s/)
    expect(resend).toHaveAttribute('aria-disabled', 'true')

    await user.click(screen.getByRole('button', { name: 'Change number' }))
    const phone = screen.getByRole('textbox', { name: 'Phone number' })
    expect(phone).toHaveValue('415 555 2671')
    expect(phone).toHaveFocus()
  })

  it('says where codes go in local mode', async () => {
    await reachCodeScreen(() => signedInAnswer(phoneUser))
    expect(
      await screen.findByText(
        /Local mode: nothing is texted or mailed; your code is in the server log, and at/,
      ),
    ).toHaveTextContent('/api/dev/outbox for whoever has the token in DATA_DIR/dev-outbox-token')
  })

  it('says nothing of local mode in production', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    stubApi({
      'GET /api/health': () =>
        Response.json({ status: 'ok', version: '0.1.0', mode: 'production', parts: {} }),
      'POST /api/v1/passwordless_sms/init': codeSent,
    })
    const user = userEvent.setup()
    renderApp()
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')
    await screen.findByRole('heading', { name: 'Enter your code' })
    expect(screen.queryByText(/Local mode/)).toBeNull()
  })

  it('opens the code screen, not an error, when a code went to that number less than 30 s ago', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    stubApi({
      'POST /api/v1/passwordless_sms/init': () =>
        Response.json(
          { error: 'A code was sent here a moment ago. Try again in 20 seconds.', code: 'too_many_requests' },
          { status: 429, headers: { 'Retry-After': '20' } },
        ),
      'POST /api/v1/passwordless_sms/authenticate': () => signedInAnswer(phoneUser),
    })
    const user = userEvent.setup()
    renderApp()
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')
    await screen.findByRole('heading', { name: 'Enter your code' })
    expect(screen.queryByText(/Try again in 20 seconds/)).toBeNull()
    expect(screen.getByText(/less than 30 seconds ago: use that one/)).toBeInTheDocument()
    const resend = screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })
    expect(resend).toHaveTextContent(/in (20|19) s/)
  })

  it('still says so when the hourly limit of codes to that number is reached', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    stubApi({
      'POST /api/v1/passwordless_sms/init': () =>
        Response.json(
          { error: 'A code was sent here a moment ago. Try again in 40 minutes.', code: 'too_many_requests' },
          { status: 429, headers: { 'Retry-After': '2400' } },
        ),
    })
    const user = userEvent.setup()
    renderApp()
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')
    expect(await screen.findByText(/Try again in 40 minutes\./)).toHaveClass('field-error')
    expect(screen.queryByRole('heading', { name: 'Enter your code' })).toBeNull()
  })
})
