import { Field } from './Field.tsx'

type Props = {
  /** 'Amount (USDC)', 'Amount (ETH, optional)'. */
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
  hint?: string
  id?: string
  /**
   * A Max button beside the amount, which fills in the most there is; `fill` absent while that is unknown (the
   * button then stays, `aria-disabled`). No `max`, no button.
   */
  max?: { fill: (() => void) | undefined }
}

/** An amount in a token's own units ('.5' is half of one), typed as text on a decimal keypad. */
export function AmountField({ label, value, onChange, error, hint, id, max }: Props) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => {
        const input = (
          <input
            {...control}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
        if (!max) return input
        return (
          <div className="amount-row">
            {input}
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={max.fill === undefined || undefined}
              onClick={() => max.fill?.()}
            >
              Max
            </button>
          </div>
        )
      }}
    </Field>
  )
}
