import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { App } from './App.tsx'
import { createQueryClient, Providers } from './Providers.tsx'

function renderAt(path: string) {
  const { hook } = memoryLocation({ path })
  return render(
    <Providers client={createQueryClient()}>
      <Router hook={hook}>
        <App />
      </Router>
    </Providers>,
  )
}

describe('App shell', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("shows Charter's name and says when the server runs in local mode", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 'ok', version: '0.1.0', mode: 'embedded', parts: {} })),
    )
    renderAt('/')
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
    renderAt('/')
    expect(await screen.findByText(/The server cannot be reached/, {}, { timeout: 5000 })).toBeInTheDocument()
  })

  it('shows a not-found page for an unknown address', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 503 })),
    )
    renderAt('/no/such/page')
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
