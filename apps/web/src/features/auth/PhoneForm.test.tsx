import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { codeSent } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { stubApi } from '../../testing/stubApi.ts'

const phoneField = () => screen.findByRole('textbox', { name: 'Phone number' })
const countryField = () => screen.getByRole('combobox', { name: 'Country or region' })

describe('signing in: the phone number', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it("starts on the browser's country, with its sample mobile number as the placeholder", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB')
    stubApi()
    renderApp()
    expect(await phoneField()).toHaveAttribute('placeholder', '7400 123456')
    expect(countryField()).toHaveValue('United Kingdom (+44)')
  })

  it('says at once when the input is not a number, and lets the rest wait until the field is left', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    stubApi()
    const user = userEvent.setup()
    renderApp()
    const phone = await phoneField()
    expect(phone).toHaveAttribute('placeholder', '201 555 0123')

    await user.type(phone, 'abc')
    expect(phone).toHaveAccessibleDescription(/This doesn't look like a phone number/)
    expect(phone).toHaveAttribute('aria-invalid', 'true')

    await user.clear(phone)
    await user.type(phone, '415')
    expect(screen.queryByText('This phone number is too short')).toBeNull()
    await user.tab()
    expect(phone).toHaveAccessibleDescription(/This phone number is too short/)

    // From then on it follows the typing.
    await user.type(phone, ' 555 2671')
    expect(screen.queryByText('This phone number is too short')).toBeNull()
    expect(phone).not.toHaveAttribute('aria-invalid')
  })

  it('refuses to send an empty or impossible number, says why and keeps focus on the field', async () => {
    const api = stubApi()
    const user = userEvent.setup()
    renderApp()
    const phone = await phoneField()
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(phone).toHaveAccessibleDescription(/Enter a phone number/)
    expect(phone).toHaveFocus()

    await user.type(phone, '555 555 5555{Enter}')
    expect(phone).toHaveAccessibleDescription(/This isn't a valid phone number. Check the digits/)
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toEqual([])
  })

  it('sends the number in E.164 and moves on to the code screen', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    const api = stubApi({ 'POST /api/v1/passwordless_sms/init': codeSent })
    const user = userEvent.setup()
    renderApp()
    await user.type(await phoneField(), '(415) 555-2671{Enter}')
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to +1 415 555 2671.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toEqual([{ phoneNumber: '+14155552671' }])
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
  })

  it('finds a country by its calling code or its name, with the keyboard alone', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    const api = stubApi({ 'POST /api/v1/passwordless_sms/init': codeSent })
    const user = userEvent.setup()
    renderApp()
    await phoneField()
    const country = countryField()

    await user.click(country)
    await user.keyboard('{Control>}a{/Control}+44')
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('United Kingdom+44')
    await user.keyboard('{Enter}')
    expect(country).toHaveValue('United Kingdom (+44)')
    expect(await phoneField()).toHaveFocus()
    expect(await phoneField()).toHaveAttribute('placeholder', '7400 123456')

    await user.click(country)
    await user.keyboard('{Control>}a{/Control}germ{ArrowDown}{ArrowUp}{Enter}')
    expect(country).toHaveValue('Germany (+49)')

    // Escape gives up a search and keeps the country chosen before.
    await user.click(country)
    await user.keyboard('{Control>}a{/Control}fra{Escape}')
    expect(country).toHaveValue('Germany (+49)')
    expect(screen.queryByRole('option')).toBeNull()

    await user.type(await phoneField(), '01512 3456789{Enter}')
    await screen.findByText(/We sent a code to/)
    expect(api.bodiesOf('POST /api/v1/passwordless_sms/init')).toEqual([{ phoneNumber: '+4915123456789' }])
  })

  it("shows the server's refusal in its own words", async () => {
    stubApi({
      'POST /api/v1/passwordless_sms/init': () =>
        Response.json(
          {
            error:
              'Charter does not send codes by SMS to +44 numbers here. Sign in with your email address instead, or ask your administrator.',
            code: 'not_supported',
          },
          { status: 400 },
        ),
    })
    const user = userEvent.setup()
    renderApp()
    const phone = await phoneField()
    await user.type(phone, '+44 7400 123456')
    // A whole international number names its country, and the picker follows.
    expect(countryField()).toHaveValue('United Kingdom (+44)')
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(/does not send codes by SMS to \+44 numbers/),
    )

    await user.click(screen.getByRole('button', { name: 'Use email instead' }))
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus()
  })

  it('checks an email address the same way', async () => {
    const api = stubApi({ 'POST /api/v1/passwordless/init': codeSent })
    const user = userEvent.setup()
    renderApp()
    await phoneField()
    await user.click(screen.getByRole('button', { name: 'Use email instead' }))
    const email = screen.getByRole('textbox', { name: 'Email address' })
    await user.type(email, 'ada@example{Enter}')
    expect(email).toHaveAccessibleDescription(/Enter an email address like name@example.org/)
    await user.type(email, '.org{Enter}')
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to ada@example.org.',
    )
    expect(api.bodiesOf('POST /api/v1/passwordless/init')).toEqual([{ email: 'ada@example.org' }])
  })
})
