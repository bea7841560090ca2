import { type PhoneNumberErrorReason, validatePhoneNumber } from '@charter/core'
import { type ReactNode, useRef } from 'react'
import type { ApiError } from '../../lib/api.ts'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import type { Destination } from './Destination.ts'
import type { PhoneInput } from './PhoneInput.ts'
import { PhoneNumberFields } from './PhoneNumberFields.tsx'
import { SendCodeActions } from './SendCodeActions.tsx'
import { useAddressCheck } from './useAddressCheck.ts'

type Props = {
  label: string
  hint: string
  submitLabel: string
  value: PhoneInput
  onValueChange: (value: PhoneInput) => void
  onSubmit: (destination: Destination) => void
  pending: boolean
  /** The server's answer to the last submit, shown until the number changes. */
  serverError: ApiError | undefined
  /** A check of our own on submit, e.g. "This is already your phone number"; answers a message or nothing. */
  refuse?: (destination: Destination) => string | undefined
  focusOnMount?: boolean
  /**
   * The field's `autocomplete`; 'tel' by default. The sign-in screen adds `webauthn`, so the browser offers the
   * member's passkeys among its suggestions.
   */
  autoComplete?: string
  children?: ReactNode
}

/** Mistakes that more typing cannot fix, so they show at once; the rest wait until the field is left. */
const showAtOnce = new Set<PhoneNumberErrorReason>(['NOT_A_NUMBER', 'TOO_LONG', 'HAS_EXTENSION'])

/** A phone number with its country, checked as it is typed with the core's messages. */
export function PhoneForm(props: Props) {
  const { value, onValueChange, pending } = props
  const numberRef = useRef<HTMLInputElement>(null)
  useFocusOnMount(numberRef, props.focusOnMount)

  const validation = validatePhoneNumber(value.text, value.country)

  const check = useAddressCheck({
    fieldError: (touched) =>
      !validation.ok && (touched || showAtOnce.has(validation.reason)) ? validation.message : undefined,
    destination: validation.ok ? { kind: 'phone', phoneNumber: validation.phone.e164 } : undefined,
    serverError: props.serverError,
    refuse: props.refuse,
    pending,
    inputRef: numberRef,
    onSubmit: props.onSubmit,
  })

  return (
    <form className="stack" noValidate onSubmit={check.submit}>
      <PhoneNumberFields
        label={props.label}
        hint={props.hint}
        value={value}
        onChange={(next) => {
          check.edit()
          onValueChange(next)
        }}
        error={check.message}
        numberRef={numberRef}
        autoComplete={props.autoComplete ?? 'tel'}
        readOnly={pending}
        onBlur={() => value.text.trim() !== '' && check.leave()}
      />
      <SendCodeActions pending={pending} submitLabel={props.submitLabel}>
        {props.children}
      </SendCodeActions>
    </form>
  )
}
