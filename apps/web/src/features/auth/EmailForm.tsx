import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import type { ApiError } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'
import { useFocusOnMount } from './useFocusOnMount.ts'

type Props = {
  label: string
  hint: string
  submitLabel: string
  value: string
  onValueChange: (value: string) => void
  onSubmit: (destination: Destination) => void
  pending: boolean
  /** The server's answer to the last submit, shown until the address changes. */
  serverError: ApiError | undefined
  refuse?: (destination: Destination) => string | undefined
  focusOnMount?: boolean
  children?: ReactNode
}

// The server has the last word; this only catches what is plainly not an address before a round trip.
const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function emailProblem(text: string): string | undefined {
  const address = text.trim()
  if (address === '') return 'Enter your email address'
  if (!looksLikeEmail.test(address)) return 'Enter an email address like name@example.org'
  return undefined
}

/** An email address, checked once the field is left and as it is corrected from then on. */
export function EmailForm(props: Props) {
  const { value, pending } = props
  const ids = { input: useId(), hint: useId(), error: useId() }
  const inputRef = useRef<HTMLInputElement>(null)
  const [touched, setTouched] = useState(false)
  const [refusal, setRefusal] = useState<string | undefined>(undefined)
  const [editedSinceSubmit, setEditedSinceSubmit] = useState(false)
  useFocusOnMount(inputRef, props.focusOnMount)

  const problem = emailProblem(value)
  const message =
    (touched ? problem : undefined) ?? refusal ?? (editedSinceSubmit ? undefined : props.serverError?.message)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setTouched(true)
    setEditedSinceSubmit(false)
    if (problem) {
      inputRef.current?.focus()
      return
    }
    const destination: Destination = { kind: 'email', email: value.trim() }
    const refused = props.refuse?.(destination)
    setRefusal(refused)
    if (refused) {
      inputRef.current?.focus()
      return
    }
    props.onSubmit(destination)
  }

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor={ids.input}>
          {props.label}
        </label>
        <input
          ref={inputRef}
          id={ids.input}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          placeholder="name@example.org"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${ids.hint} ${ids.error}`}
          readOnly={pending}
          value={value}
          onChange={(event) => {
            setEditedSinceSubmit(true)
            setRefusal(undefined)
            props.onValueChange(event.target.value)
          }}
          onBlur={() => value.trim() !== '' && setTouched(true)}
        />
        <p id={ids.hint} className="field-hint">
          {props.hint}
        </p>
        <p id={ids.error} className="field-error" aria-live="polite">
          {message}
        </p>
      </div>
      <div className="actions">
        <button type="submit" className="button" aria-disabled={pending || undefined}>
          {pending ? 'Sending…' : props.submitLabel}
        </button>
        {props.children}
      </div>
    </form>
  )
}
