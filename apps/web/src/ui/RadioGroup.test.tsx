import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { RadioGroup, type RadioOption } from './RadioGroup.tsx'

const networks: RadioOption<string>[] = [
  { value: 'base', label: 'Base' },
  { value: 'solana', label: 'Solana' },
]

function Networks({ look }: { look?: 'pills' | 'list' }) {
  const [selected, setSelected] = useState('base')
  return (
    <RadioGroup
      legend="Network"
      name="network"
      options={networks}
      selected={selected}
      onSelect={setSelected}
      look={look}
    />
  )
}

describe('RadioGroup', () => {
  it('is a group named by its legend, one option chosen at a time', async () => {
    render(<Networks />)
    expect(screen.getByRole('group', { name: 'Network' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Base' })).toBeChecked()
    await userEvent.click(screen.getByRole('radio', { name: 'Solana' }))
    expect(screen.getByRole('radio', { name: 'Solana' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Base' })).not.toBeChecked()
  })

  it('moves between options with the arrow keys', async () => {
    render(<Networks look="list" />)
    await userEvent.click(screen.getByRole('radio', { name: 'Base' }))
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'Solana' })).toBeChecked()
  })

  it('names a hinted option by its label alone, and describes it by its hint', () => {
    render(
      <RadioGroup
        legend="How"
        name="how"
        look="list"
        options={[
          { value: 'buy', label: 'Buy with a card', hint: 'Pay by card on Coinbase’s page.' },
          { value: 'send', label: 'Transfer from Coinbase' },
        ]}
        selected="buy"
        onSelect={() => {}}
      />,
    )
    const buy = screen.getByRole('radio', { name: 'Buy with a card' })
    expect(buy).toHaveAccessibleDescription('Pay by card on Coinbase’s page.')
    expect(screen.getByRole('radio', { name: 'Transfer from Coinbase' })).not.toBeChecked()
  })

  it('is described by what it is given, and holds what comes after the options', () => {
    render(
      <RadioGroup
        legend="Format"
        name="format"
        options={[{ value: 'private_key', label: 'Private key' }]}
        selected="private_key"
        onSelect={() => {}}
        describedBy="note"
      >
        <p id="note">A Solana key exports as its secret key.</p>
      </RadioGroup>,
    )
    expect(screen.getByRole('group', { name: 'Format' })).toHaveAccessibleDescription(
      'A Solana key exports as its secret key.',
    )
  })
})
