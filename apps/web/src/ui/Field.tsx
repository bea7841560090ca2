import { type ReactNode, useId } from 'react'

/** What `Field` gives its control: the id its label names, what describes it, and whether it is wrong. */
export type FieldControl = {
  id: string
  'aria-describedby': string
  'aria-invalid': true | undefined
}

type Props = {
  label: ReactNode
  /** The control itself (an input, a select, a textarea, a row holding one), spread with what ties it in. */
  children: (control: FieldControl) => ReactNode
  /** Said under the control, always: what to type. */
  hint?: ReactNode
  /** What is wrong with what is typed; none while it is fine. Said as it changes (a polite live region). */
  error?: string | undefined
  /**
   * The error is an alert, there only while there is one: for a mistake told when the member presses a button
   * rather than as they type. By default it is a polite live region, there all along.
   */
  alert?: boolean
  /** More that describes the control, under the error (what the chain says of a recipient…). */
  notes?: ReactNode
  /** The control's id, when something else needs it; a fresh one by default. */
  id?: string
}

/**
 * A labelled form field: the label, the control, its hint and its error, tied together by ids, so a screen reader
 * reads the hint and the error with the control and marks it invalid when there is an error. The error's element
 * is there even when empty (hidden by `.field-error:empty`), so a message that appears is announced; or, with
 * `alert`, it comes and goes as an alert.
 */
export function Field({ label, children, hint, error, alert = false, notes, id }: Props) {
  const generated = useId()
  const controlId = id ?? generated
  const ids = { hint: `${controlId}-hint`, error: `${controlId}-error`, notes: `${controlId}-notes` }
  const saysError = !alert || Boolean(error)
  const describedBy = [
    hint !== undefined && ids.hint,
    saysError && ids.error,
    notes !== undefined && ids.notes,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field">
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint !== undefined && (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      )}
      {alert ? (
        error && (
          <p id={ids.error} className="field-error" role="alert">
            {error}
          </p>
        )
      ) : (
        <p id={ids.error} className="field-error" aria-live="polite">
          {error}
        </p>
      )}
      {notes !== undefined && <div id={ids.notes}>{notes}</div>}
    </div>
  )
}
