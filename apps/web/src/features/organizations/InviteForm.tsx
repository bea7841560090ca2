import { validatePhoneNumber } from '@charter/core'
import { type FormEvent, useRef, useState } from 'react'
import { CountryCombobox, countryOptions, emptyPhoneInput, type PhoneInput } from '../auth/index.ts'
import { checkInviteAddress } from './checkInviteAddress.ts'
import { inviteMember, type Membership } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

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
      <fieldset className="actions">
        <legend>Invite by</legend>
        <label>
          <input
            type="radio"
            name="invite-kind"
            checked={kind === 'phone'}
            onChange={() => {
              setProblem(undefined)
              setKind('phone')
            }}
          />{' '}
          Phone number
        </label>
        <label>
          <input
            type="radio"
            name="invite-kind"
            checked={kind === 'email'}
            onChange={() => {
              setProblem(undefined)
              setKind('email')
            }}
          />{' '}
          Email address
        </label>
      </fieldset>
      {kind === 'phone' ? (
        <>
          <div className="field">
            <label htmlFor="invite-country">Country or region</label>
            <CountryCombobox
              id="invite-country"
              value={phone.country}
              countries={countries}
              onChange={(country) => {
                changePhone({ ...phone, country })
                numberRef.current?.focus()
              }}
            />
          </div>
          <div className="field">
            <label htmlFor="invite-address">Phone number</label>
            <div className="phone-row">
              {callingCode && !typedInternational && (
                <span className="phone-prefix" aria-hidden="true">
                  +{callingCode}
                </span>
              )}
              <input
                ref={numberRef}
                id="invite-address"
                className="input"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={phone.text}
                aria-invalid={problem ? true : undefined}
                aria-describedby="invite-address-hint invite-address-error"
                onChange={(event) => changePhone({ ...phone, text: event.target.value })}
              />
            </div>
            <p id="invite-address-hint" className="field-hint">
              The number as dialled in that country, or the whole number starting with + and its country code.
            </p>
            <p id="invite-address-error" className="field-error">
              {problem}
            </p>
          </div>
        </>
      ) : (
        <div className="field">
          <label htmlFor="invite-address">Email address</label>
          <input
            id="invite-address"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby="invite-address-error"
            onChange={(event) => {
              setProblem(undefined)
              setEmail(event.target.value)
            }}
          />
          <p id="invite-address-error" className="field-error">
            {problem}
          </p>
        </div>
      )}
      <div className="field">
        <label htmlFor="invite-membership">As</label>
        <select
          id="invite-membership"
          value={membership}
          onChange={(event) => setMembershipChoice(event.target.value as Membership)}
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
      </div>
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
