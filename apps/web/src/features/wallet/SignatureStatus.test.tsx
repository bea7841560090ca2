import { pendingWalletRequestHint } from '@charter/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { pendingHintDelayMs, SignatureStatus } from './SignatureStatus.tsx'

describe('the wait for a signature', () => {
  it('says what it waits for, and offers the hint only after a few seconds unanswered', () => {
    const { rerender } = render(
      <SignatureStatus state={{ status: 'confirming', waitingSince: Date.now() }} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for you to confirm in the dialog.')
    expect(screen.getByRole('status')).not.toHaveTextContent(pendingWalletRequestHint)

    rerender(
      <SignatureStatus state={{ status: 'confirming', waitingSince: Date.now() - pendingHintDelayMs - 1 }} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(pendingWalletRequestHint)

    rerender(<SignatureStatus state={{ status: 'pending' }} />)
    expect(screen.getByRole('status')).toHaveTextContent('Signing…')
  })
})
