import {
  formatInternationalForCountry,
  getSampleMobileNumber,
  phoneNumberLimits,
  validatePhoneNumber,
} from '@charter/core'
import type { Ref } from 'react'
// Its own file, not `ui/index.ts`: the sign-in is in the entry chunk, which would take in the whole kit.
import { Field } from '../../ui/Field.tsx'
import { CountryCombobox } from './CountryCombobox.tsx'
import { countryOptions } from './countryOptions.ts'
import type { PhoneInput } from './PhoneInput.ts'

type Props = {
  label: string
  hint: string
  value: PhoneInput
  /** The number as changed; a whole international number has already moved the picker to its country. */
  onChange: (value: PhoneInput) => void
  error: string | undefined
  /** The error is an alert told on submit, not a live region told as the member types (`Field`'s `alert`). */
  alert?: boolean
  numberRef: Ref<HTMLInputElement> & { current: HTMLInputElement | null }
  autoComplete: string
  readOnly?: boolean
  onBlur?: () => void
  /** The number field's id, when something else needs it. */
  id?: string
}

const placeholderFor = (country: PhoneInput['country']) => {
  try {
    return formatInternationalForCountry(getSampleMobileNumber(country), country)
  } catch {
    return undefined
  }
}

/**
 * A phone number as sign-in and inviting take it: a country from the picker, then the number as dialled there
 * (its calling code shown before it), or a whole `+…` number, which moves the picker to its country.
 */
export function PhoneNumberFields(props: Props) {
  const { value, numberRef } = props
  const countries = countryOptions()
  const callingCode = countries.find((option) => option.country === value.country)?.callingCode
  const typedInternational = value.text.trim().startsWith('+')
  const change = (next: PhoneInput) => {
    // A whole international number (typed, pasted or autofilled) names its country: the picker follows.
    const typed = next.text.trim().startsWith('+') ? validatePhoneNumber(next.text) : undefined
    const country = typed?.ok ? typed.phone.country : undefined
    props.onChange(country && country !== next.country ? { ...next, country } : next)
  }
  return (
    <>
      <Field label="Country or region">
        {(control) => (
          <CountryCombobox
            id={control.id}
            value={value.country}
            countries={countries}
            readOnly={props.readOnly}
            onChange={(country) => {
              change({ ...value, country })
              numberRef.current?.focus()
            }}
          />
        )}
      </Field>
      <Field label={props.label} hint={props.hint} error={props.error} alert={props.alert} id={props.id}>
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
              autoComplete={props.autoComplete}
              maxLength={phoneNumberLimits.maxInputLength}
              placeholder={placeholderFor(value.country)}
              readOnly={props.readOnly}
              value={value.text}
              onChange={(event) => change({ ...value, text: event.target.value })}
              onBlur={props.onBlur}
            />
          </div>
        )}
      </Field>
    </>
  )
}
