import {
  formatInternationalForCountry,
  getSampleMobileNumber,
  type PhoneNumberErrorReason,
  phoneNumberLimits,
  validatePhoneNumber,
} from '@charter/core'
import { type ReactNode, useRef } from 'react'
import type { ApiError } from '../../lib/api.ts'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
// Its own file, not `ui/index.ts`: the sign-in is in the entry chunk, which would take in the whole kit.
import { Field } from '../../ui/Field.tsx'
import { CountryCombobox } from './CountryCombobox.tsx'
import { countryOptions } from './countryOptions.ts'
import type { Destination } from './Destination.ts'
import type { PhoneInput } from './PhoneInput.ts'
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

const placeholderFor = (country: PhoneInput['country']) => {
  try {
    return formatInternationalForCountry(getSampleMobileNumber(country), country)
  } catch {
    return undefined
  }
}

/** A phone number with its country, checked as it is typed with the core's messages. */
export function PhoneForm(props: Props) {
  const { value, onValueChange, pending } = props
  const numberRef = useRef<HTMLInputElement>(null)
  useFocusOnMount(numberRef, props.focusOnMount)

  const countries = countryOptions()
  const callingCode = countries.find((option) => option.country === value.country)?.callingCode
  const validation = validatePhoneNumber(value.text, value.country)
  const typedInternational = value.text.trim().startsWith('+')

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
  const { message } = check

  const change = (next: PhoneInput) => {
    check.edit()
    // A whole international number (typed, pasted or autofilled) names its country: the picker follows.
    const typed = next.text.trim().startsWith('+') ? validatePhoneNumber(next.text) : undefined
    const country = typed?.ok ? typed.phone.country : undefined
    onValueChange(country && country !== next.country ? { ...next, country } : next)
  }

  return (
    <form className="stack" noValidate onSubmit={check.submit}>
      <Field label="Country or region">
        {(control) => (
          <CountryCombobox
            id={control.id}
            value={value.country}
            countries={countries}
            readOnly={pending}
            onChange={(country) => {
              change({ ...value, country })
              numberRef.current?.focus()
            }}
          />
        )}
      </Field>
      <Field label={props.label} hint={props.hint} error={message}>
        {(control) => (
          <div className="phone-row">
            {callingCode && !typedInternational && (
              <span className="phone-prefix" aria-hidden="true">
                +{callingCode}
              </span>
            )}
            <input
              {...control}
              ref={numberRef}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete={props.autoComplete ?? 'tel'}
              maxLength={phoneNumberLimits.maxInputLength}
              placeholder={placeholderFor(value.country)}
              readOnly={pending}
              value={value.text}
              onChange={(event) => change({ ...value, text: event.target.value })}
              onBlur={() => value.text.trim() !== '' && check.leave()}
            />
          </div>
        )}
      </Field>
      <SendCodeActions pending={pending} submitLabel={props.submitLabel}>
        {props.children}
      </SendCodeActions>
    </form>
  )
}
