import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary.tsx'

function Flaky({ broken }: { broken: { current: boolean } }) {
  if (broken.current) throw new Error('render failed')
  return <p>Recovered screen</p>
}

function Ok() {
  const [text] = useState('All good')
  return <p>{text}</p>
}

describe('ErrorBoundary', () => {
  it('shows a human message instead of a blank page, and recovers on "Try again"', async () => {
    const broken = { current: true }
    const errors: unknown[] = []
    render(
      <ErrorBoundary onError={(error) => errors.push(error)}>
        <Flaky broken={broken} />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
    expect(screen.getByRole('alert')).toHaveTextContent('Your data is safe')
    expect(errors.length).toBeGreaterThan(0)

    broken.current = false

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByText('Recovered screen')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('renders its children untouched when nothing fails', () => {
    render(
      <ErrorBoundary>
        <Ok />
      </ErrorBoundary>,
    )
    expect(screen.getByText('All good')).toBeTruthy()
  })
})
