import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { codeSent } from '../../testing/fixtures.ts'
import { renderApp } from '../../testing/renderApp.tsx'
import { refuse } from '../../testing/stubAnswers.ts'
import { stubApi } from '../../testing/stubApi.ts'

/** A challenge as the server words it, made here the way ALTCHA makes one: SHA-256(salt + number). */
async function challengeFor(number: number) {
  const salt = `${crypto.randomUUID()}?expires=4102444800&`
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}${number}`))
  const challenge = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return { algorithm: 'SHA-256', challenge, maxnumber: 1000, salt, signature: 'ab'.repeat(32) }
}

const askedToCheck = async (code: 'invalid_captcha' | 'captcha_failure', number: number) => {
  const body = {
    error: 'Many codes were asked for this address lately.',
    code,
    challenge: await challengeFor(number),
  }
  return { challenge: body.challenge, answer: () => refuse(body, code === 'invalid_captcha' ? 403 : 400) }
}

describe('sending a code when the server asks for a browser check', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('solves the check, says "Checking this browser…" meanwhile, and sends the code with the solution', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US')
    const asked = await askedToCheck('invalid_captcha', 737)
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const api = stubApi({
      'POST /api/v1/passwordless_sms/init': async (call) => {
        if (!(call.body as { token?: string }).token) return asked.answer()
        await released
        return codeSent()
      },
    })
    const user = userEvent.setup()
    renderApp()
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '415 555 2671{Enter}')

    expect(await screen.findByRole('button', { name: 'Checking this browser…' })).toBeInTheDocument()
    release()
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent(
      'We sent a code to +1 415 555 2671.',
    )
    const [first, second] = api.bodiesOf('POST /api/v1/passwordless_sms/init') as {
      phoneNumber: string
      token?: string
    }[]
    expect(first).toEqual({ phoneNumber: '+14155552671' })
    // The solution as ALTCHA's widget sends it: the challenge with the number found, as JSON in base64.
    expect(second?.phoneNumber).toBe('+14155552671')
    expect(JSON.parse(atob(second?.token ?? ''))).toEqual({
      algorithm: 'SHA-256',
      challenge: asked.challenge.challenge,
      number: 737,
      salt: asked.challenge.salt,
      signature: asked.challenge.signature,
    })
    // No puzzle was ever shown: the member goes straight to the code.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus())
  })

  it('solves the fresh check once more when its first solution is refused, then sends', async () => {
    const firstCheck = await askedToCheck('invalid_captcha', 5)
    const secondCheck = await askedToCheck('captcha_failure', 990)
    const api = stubApi({
      'POST /api/v1/passwordless/init': (call) => {
        const { token } = call.body as { token?: string }
        if (!token) return firstCheck.answer()
        return (JSON.parse(atob(token)) as { number: number }).number === 990
          ? codeSent()
          : secondCheck.answer()
      },
    })
    const user = userEvent.setup()
    renderApp()
    await user.click(await screen.findByRole('button', { name: 'Use email instead' }))
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@example.org{Enter}')
    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent('ada@example.org')
    const tokens = (api.bodiesOf('POST /api/v1/passwordless/init') as { token?: string }[]).map((body) =>
      body.token ? (JSON.parse(atob(body.token)) as { number: number }).number : undefined,
    )
    expect(tokens).toEqual([undefined, 5, 990])
  })
})
