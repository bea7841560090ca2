type Props = {
  id: string
  value: string
  onChange: (value: string) => void
  symbol: string
  error: string | undefined
  /** Fills in the most that can be sent; absent while that is unknown. */
  onMax: (() => void) | undefined
}

/** The amount, in the token's own units ('.5' is half of one), with Max beside it. */
export function AmountField({ id, value, onChange, symbol, error, onMax }: Props) {
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Amount ({symbol})
      </label>
      <div className="amount-row">
        <input
          id={id}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={onMax === undefined || undefined}
          onClick={() => onMax?.()}
        >
          Max
        </button>
      </div>
      <p id={errorId} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  )
}
