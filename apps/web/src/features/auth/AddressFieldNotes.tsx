/** The hint under an address field and the live region that says what is wrong with it. */
export function AddressFieldNotes(props: {
  hintId: string
  errorId: string
  hint: string
  message: string | undefined
}) {
  return (
    <>
      <p id={props.hintId} className="field-hint">
        {props.hint}
      </p>
      <p id={props.errorId} className="field-error" aria-live="polite">
        {props.message}
      </p>
    </>
  )
}
