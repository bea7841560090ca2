import { Field } from '../../ui/index.ts'
import { characterCount, displayNameMaxLength } from './displayName.ts'

type Props = {
  value: string
  onChange: (value: string) => void
  /** What is wrong with it, worked out from the value, so it goes as soon as the name is fixed. */
  error: string | undefined
  id: string
  label?: string
}

/**
 * The name a member goes by among their colleagues, with how much of its length is used, shown before the
 * limit is reached rather than after.
 */
export function DisplayNameField({ value, onChange, error, id, label }: Props) {
  const count = characterCount(value)
  return (
    <Field
      label={label ?? 'Your name, as your colleagues will see it'}
      id={id}
      hint={`${count} of ${displayNameMaxLength} characters. Shown in member lists and on money you send; without one, your phone number or email shows.`}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          className="input"
          autoComplete="name"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
