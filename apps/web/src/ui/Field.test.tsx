import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from './Field.tsx'

describe('Field', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(
      <Field label="Name" hint="As your members know it.">
        {(control) => <input {...control} />}
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).toHaveAccessibleDescription(/^\s*As your members know it\.\s*$/)
    expect(input).not.toBeInvalid()
  })

  it('marks the control invalid and says why, with the hint', () => {
    render(
      <Field label="Name" hint="As your members know it." error="Name is required.">
        {(control) => <input {...control} />}
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).toBeInvalid()
    expect(input).toHaveAccessibleDescription('As your members know it. Name is required.')
  })

  it('keeps an empty live region for the error, so a message that comes later is announced', () => {
    const { rerender } = render(<Field label="Name">{(control) => <input {...control} />}</Field>)
    const input = screen.getByRole('textbox', { name: 'Name' })
    const errorId = input.getAttribute('aria-describedby') as string
    const region = document.getElementById(errorId)
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toBeEmptyDOMElement()
    rerender(
      <Field label="Name" error="Name is required.">
        {(control) => <input {...control} />}
      </Field>,
    )
    expect(document.getElementById(errorId)).toHaveTextContent('Name is required.')
  })

  it('says a mistake found on pressing as an alert, there only while it stands', () => {
    const { rerender } = render(
      <Field label="Message" hint="Shown again before signing." alert>
        {(control) => <textarea {...control} />}
      </Field>,
    )
    const field = screen.getByRole('textbox', { name: 'Message' })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(field).toHaveAccessibleDescription('Shown again before signing.')
    rerender(
      <Field label="Message" hint="Shown again before signing." error="Type a message to sign." alert>
        {(control) => <textarea {...control} />}
      </Field>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Type a message to sign.')
    expect(field).toBeInvalid()
    expect(field).toHaveAccessibleDescription('Shown again before signing. Type a message to sign.')
  })

  it('takes the id it is given, and notes that describe the control after the error', () => {
    render(
      <Field label="Recipient" id="recipient" notes={<p>A contract on Base.</p>}>
        {(control) => <textarea {...control} />}
      </Field>,
    )
    const control = screen.getByRole('textbox', { name: 'Recipient' })
    expect(control).toHaveAttribute('id', 'recipient')
    expect(control).toHaveAttribute('aria-describedby', 'recipient-error recipient-notes')
    expect(control).toHaveAccessibleDescription(/^\s*A contract on Base\.$/)
  })

  it('labels a select as well', () => {
    render(
      <Field label="As">
        {(control) => (
          <select {...control}>
            <option>Member</option>
          </select>
        )}
      </Field>,
    )
    expect(screen.getByRole('combobox', { name: 'As' })).toHaveValue('Member')
  })
})
