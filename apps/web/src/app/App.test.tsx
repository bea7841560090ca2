import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../testing/renderApp.tsx'
import { stubApi } from '../testing/stubApi.ts'

describe('App shell', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("shows Charter's name and says when the server runs in local mode", async () => {
    stubApi()
    renderApp('/')
    expect(screen.getByRole('link', { name: 'Charter, home' })).toBeInTheDocument()
    expect(await screen.findByText('Local mode')).toBeInTheDocument()
    expect(screen.getByText(/running in local mode/)).toBeInTheDocument()
  })

  it('says in words when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderApp('/')
    expect(await screen.findByText(/The server cannot be reached/, {}, { timeout: 5000 })).toBeInTheDocument()
  })

  it('shows a not-found page for an unknown address', () => {
    stubApi()
    renderApp('/no/such/page')
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
