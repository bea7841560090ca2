import { Field, StatusMessage } from '../../ui/index.ts'

type Props = {
  id: string
  value: string
  onChange: (value: string) => void
  /** What is wrong with what is typed; none while it is fine or empty. */
  error: string | undefined
  /** What the chain says of a well-formed recipient, to read before sending. */
  warnings: readonly string[]
  checking: boolean
  placeholder: string
}

/** The recipient, checked as it is typed: its form first, then what the chain says of it. */
export function RecipientField({ id, value, onChange, error, warnings, checking, placeholder }: Props) {
  return (
    <Field
      label="Recipient"
      id={id}
      error={error}
      notes={
        <>
          {checking && <StatusMessage>Checking the address…</StatusMessage>}
          {warnings.length > 0 && (
            <ul className="warning recipient-warnings" aria-label="About this recipient">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          className="input address-input"
          value={value}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
