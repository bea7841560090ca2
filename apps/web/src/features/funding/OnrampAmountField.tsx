type Props = {
  id: string
  value: string
  onChange: (value: string) => void
  symbol: string
  error: string | undefined
}

/** The optional amount, in the asset's own units ('.5' is half of one); blank leaves it to the provider's page. */
export function OnrampAmountField({ id, value, onChange, symbol, error }: Props) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Amount ({symbol}, optional)
      </label>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={`${hintId} ${errorId}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="field-hint">
        Leave it empty to choose the amount on Coinbase’s page.
      </p>
      <p id={errorId} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  )
}
