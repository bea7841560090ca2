import { validatePhoneNumber } from '@charter/core'
import { type FormEvent, useRef, useState } from 'react'
import { Field, RadioGroup, type RadioOption } from '../../ui/index.ts'
import { CountryCombobox, countryOptions, emptyPhoneInput, type PhoneInput } from '../auth/index.ts'
import { checkInviteAddress } from './checkInviteAddress.ts'
import { inviteMember, type Membership } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

const inviteKinds: RadioOption<'phone' | 'email'>[] = [
  { value: 'phone', label: 'Phone number' },
  { value: 'email', label: 'Email address' },
]

/**
 * An admin invites someone by phone number or email; whoever signs in with it sees the invitation. A phone
 * number is entered as on sign-in: a country from the same picker, then the number as dialled there.
 */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const [kind, setKind] = useState<'phone' | 'email'>('phone')
  const [phone, setPhone] = useState<PhoneInput>(emptyPhoneInput)
  const [email, setEmail] = useState('')
  const [membership, setMembershipChoice] = useState<Membership>('member')
  const [problem, setProblem] = useState<string>()
  const numberRef = useRef<HTMLInputElement>(null)
  const invite = useOrganizationAction((signer, address: Parameters<typeof inviteMember>[2]) =>
    inviteMember(signer, organizationId, address, membership),
  )
  const countries = countryOptions()
  const callingCode = countries.find((option) => option.country === phone.country)?.callingCode
  const typedInternational = phone.text.trim().startsWith('+')

  const changePhone = (next: PhoneInput) => {
    setProblem(undefined)
    // A whole international number (typed or pasted) names its country: the picker follows, as on sign-in.
    const typed = next.text.trim().startsWith('+') ? validatePhoneNumber(next.text) : undefined
    const country = typed?.ok ? typed.phone.country : undefined
    setPhone(country && country !== next.country ? { ...next, country } : next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (invite.isPending) return
    const checked = checkInviteAddress(kind, kind === 'phone' ? phone.text : email, phone.country)
    setProblem(checked.ok ? undefined : checked.message)
    if (!checked.ok) return
    invite.mutate(checked.address, {
      onSuccess: () => (kind === 'phone' ? setPhone((before) => ({ ...before, text: '' })) : setEmail('')),
    })
  }
  return (
    <form className="stack-small" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h3 id="invite-heading">Invite someone</h3>
      <RadioGroup
        legend="Invite by"
        name="invite-kind"
        look="list"
        options={inviteKinds}
        selected={kind}
        onSelect={(next) => {
          setProblem(undefined)
          setKind(next)
        }}
      />
      {kind === 'phone' ? (
        <>
          <Field label="Country or region" id="invite-country">
            {(control) => (
              <CountryCombobox
                id={control.id}
                value={phone.country}
                countries={countries}
                onChange={(country) => {
                  changePhone({ ...phone, country })
                  numberRef.current?.focus()
                }}
              />
            )}
          </Field>
          <Field
            label="Phone number"
            id="invite-address"
            hint="The number as dialled in that country, or the whole number starting with + and its country code."
            error={problem}
            alert
          >
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
                  autoComplete="off"
                  value={phone.text}
                  onChange={(event) => changePhone({ ...phone, text: event.target.value })}
                />
              </div>
            )}
          </Field>
        </>
      ) : (
        <Field label="Email address" id="invite-address" error={problem} alert>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setProblem(undefined)
                setEmail(event.target.value)
              }}
            />
          )}
        </Field>
      )}
      <Field label="As" id="invite-membership">
        {(control) => (
          <select
            {...control}
            className="input"
            value={membership}
            onChange={(event) => setMembershipChoice(event.target.value as Membership)}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        )}
      </Field>
      {invite.error && (
        <p className="field-error" role="alert">
          {invite.error.message}
        </p>
      )}
      {invite.data && <p role="status">Invited {invite.data.address}.</p>}
      <div>
        <button type="submit" className="button" aria-disabled={invite.isPending ? true : undefined}>
          Send invitation
        </button>
      </div>
    </form>
  )
}
