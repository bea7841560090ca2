import { type ReactNode, useRef } from 'react'
import type { ApiError } from '../../lib/api.ts'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
// Its own file, not `ui/index.ts`: the sign-in is in the entry chunk, which would take in the whole kit.
import { Field } from '../../ui/Field.tsx'
import type { Destination } from './Destination.ts'
import { SendCodeActions } from './SendCodeActions.tsx'
import { useAddressCheck } from './useAddressCheck.ts'

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
  /**
   * The field's `autocomplete`; 'email' by default. The sign-in screen adds `webauthn`, so the browser offers the
   * member's passkeys among its suggestions.
   */
  autoComplete?: string
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
  const inputRef = useRef<HTMLInputElement>(null)
  useFocusOnMount(inputRef, props.focusOnMount)
  const problem = emailProblem(value)
  const check = useAddressCheck({
    fieldError: (touched) => (touched ? problem : undefined),
    destination: problem ? undefined : { kind: 'email', email: value.trim() },
    serverError: props.serverError,
    refuse: props.refuse,
    pending,
    inputRef,
    onSubmit: props.onSubmit,
  })
  const { message } = check

  return (
    <form className="stack" noValidate onSubmit={check.submit}>
      <Field label={props.label} hint={props.hint} error={message}>
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className="input"
            type="email"
            inputMode="email"
            autoComplete={props.autoComplete ?? 'email'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            placeholder="name@example.org"
            readOnly={pending}
            value={value}
            onChange={(event) => {
              check.edit()
              props.onValueChange(event.target.value)
            }}
            onBlur={() => value.trim() !== '' && check.leave()}
          />
        )}
      </Field>
      <SendCodeActions pending={pending} submitLabel={props.submitLabel}>
        {props.children}
      </SendCodeActions>
    </form>
  )
}
