import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AmountField } from './AmountField.tsx'

function Amount(props: { fill?: (() => void) | undefined; withMax?: boolean; error?: string }) {
  const [value, setValue] = useState('')
  return (
    <AmountField
      label="Amount (USDC)"
      value={value}
      onChange={setValue}
      error={props.error}
      hint="Leave it empty to choose later."
      max={props.withMax ? { fill: props.fill } : undefined}
    />
  )
}

describe('AmountField', () => {
  it('takes an amount on a decimal keypad, labelled, with its hint', async () => {
    render(<Amount />)
    const amount = screen.getByRole('textbox', { name: 'Amount (USDC)' })
    expect(amount).toHaveAttribute('inputmode', 'decimal')
    expect(amount).toHaveAccessibleDescription(/^Leave it empty to choose later\.\s*$/)
    await userEvent.type(amount, '.5')
    expect(amount).toHaveValue('.5')
    expect(screen.queryByRole('button', { name: 'Max' })).toBeNull()
  })

  it('says what is wrong with it', () => {
    render(<Amount error="More than the wallet holds." />)
    const amount = screen.getByRole('textbox', { name: 'Amount (USDC)' })
    expect(amount).toBeInvalid()
    expect(amount).toHaveAccessibleDescription('Leave it empty to choose later. More than the wallet holds.')
  })

  it('offers Max, which waits, still focusable, until the most there is is known', async () => {
    const fill = vi.fn()
    const { rerender } = render(<Amount withMax />)
    const max = screen.getByRole('button', { name: 'Max' })
    expect(max).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(max)
    rerender(<Amount withMax fill={fill} />)
    expect(max).not.toHaveAttribute('aria-disabled')
    await userEvent.click(max)
    expect(fill).toHaveBeenCalledTimes(1)
  })
})
