import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { phoneUser, withEmail } from '../testing/fixtures.ts'
import { renderApp } from '../testing/renderApp.tsx'
import { signedInOnThisDevice } from '../testing/signedInOnThisDevice.ts'
import { type ApiHandler, stubApi } from '../testing/stubApi.ts'

// The home's first answer comes after the session check and the lazy home: slow on a loaded machine.
const firstAnswer = { timeout: 5_000 }
const bothAddresses = withEmail(phoneUser, 'ada@example.com')

describe('who the home says is signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('names the email a member with both addresses signed in with', async () => {
    const server = await signedInOnThisDevice({ member: bothAddresses, signedInWith: 'email' })
    stubApi(server.routes)
    renderApp('/')
    await waitFor(
      () => expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as ada@example.com.'),
      firstAnswer,
    )
  })

  it('names the phone of a session signed in by phone', async () => {
    const server = await signedInOnThisDevice({ member: bothAddresses, signedInWith: 'phone' })
    const listSessions = server.routes['GET /api/v1/sessions'] as ApiHandler
    let listed = false
    stubApi({
      ...server.routes,
      'GET /api/v1/sessions': async (call, params) => {
        const answer = await listSessions(call, params)
        listed = true
        return answer
      },
    })
    renderApp('/')
    await waitFor(() => expect(listed).toBe(true), firstAnswer)
    // The phone stands in before the answer too: what matters is that the answer keeps it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as +1 415 555 2671.')
  })

  it('names the member as usual until the sessions answer, then the email, in the same element', async () => {
    const server = await signedInOnThisDevice({ member: bothAddresses, signedInWith: 'email' })
    const listSessions = server.routes['GET /api/v1/sessions'] as ApiHandler
    let answerSessions: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      answerSessions = resolve
    })
    stubApi({
      ...server.routes,
      'GET /api/v1/sessions': async (call, params) => {
        await answered
        return listSessions(call, params)
      },
    })
    renderApp('/')
    const line = await screen.findByText(/Signed in as/, {}, firstAnswer)
    expect(line).toHaveTextContent('Signed in as +1 415 555 2671.')
    const name = line.querySelector('strong')
    answerSessions()
    await waitFor(() => expect(line).toHaveTextContent('Signed in as ada@example.com.'))
    expect(line.querySelector('strong')).toBe(name)
  })
})
