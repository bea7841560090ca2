import { type FormEvent, useRef, useState } from 'react'
import { Field, RadioGroup, type RadioOption } from '../../ui/index.ts'
import { emptyPhoneInput, type PhoneInput, PhoneNumberFields } from '../auth/index.ts'
import { checkInviteAddress } from './checkInviteAddress.ts'
import { characterCount, displayNameMaxLength, displayNameProblem } from './displayName.ts'
import { InvitationDelivery } from './InvitationDelivery.tsx'
import { inviteMember, type Membership } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

const inviteKinds: RadioOption<'phone' | 'email'>[] = [
  { value: 'phone', label: 'Phone number' },
  { value: 'email', label: 'Email address' },
]

const memberships: RadioOption<Membership>[] = [
  { value: 'member', label: 'Member', hint: 'Reads everything here and holds roles.' },
  { value: 'admin', label: 'Admin', hint: 'Also changes the organisation, its roles and its members.' },
]

/**
 * An admin invites someone by phone number or email: a text or an email goes out with a link to the invitation,
 * and whoever signs in with that address sees it. A phone number is entered as on sign-in (the same fields). The
 * name the admin gives is offered to the invitee as theirs when they accept.
 */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const [kind, setKind] = useState<'phone' | 'email'>('phone')
  const [phone, setPhone] = useState<PhoneInput>(emptyPhoneInput)
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [membership, setMembershipChoice] = useState<Membership>('member')
  // Mistakes show once the admin tried to send, and are worked out from what is typed: fixed, they go.
  const [tried, setTried] = useState(false)
  const numberRef = useRef<HTMLInputElement>(null)
  const invite = useOrganizationAction(
    (signer, input: { address: Parameters<typeof inviteMember>[2]; name: string }) =>
      inviteMember(signer, organizationId, input.address, membership, input.name),
  )
  // A refusal was about the address or name sent: it goes as soon as either is changed.
  const edited = () => {
    if (invite.isError) invite.reset()
  }
  const checked = checkInviteAddress(kind, kind === 'phone' ? phone.text : email, phone.country)
  const addressProblem = tried && !checked.ok ? checked.message : undefined
  const nameProblem = tried && name.trim() !== '' ? displayNameProblem(name) : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (invite.isPending) return
    setTried(true)
    if (!checked.ok || (name.trim() !== '' && displayNameProblem(name))) return
    invite.mutate(
      { address: checked.address, name },
      {
        onSuccess: () => {
          setTried(false)
          setName('')
          if (kind === 'phone') setPhone((before) => ({ ...before, text: '' }))
          else setEmail('')
        },
      },
    )
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
          setTried(false)
          setKind(next)
        }}
      />
      {kind === 'phone' ? (
        <PhoneNumberFields
          label="Phone number"
          hint="The number as dialled in that country, or the whole number starting with + and its country code. They get a text with a link to the invitation."
          value={phone}
          onChange={(next) => {
            edited()
            setPhone(next)
          }}
          error={addressProblem}
          numberRef={numberRef}
          autoComplete="off"
          id="invite-address"
        />
      ) : (
        <Field
          label="Email address"
          id="invite-address"
          hint="They get an email with a link to the invitation."
          error={addressProblem}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                edited()
                setEmail(event.target.value)
              }}
            />
          )}
        </Field>
      )}
      <Field
        label="Their name (optional)"
        id="invite-name"
        hint={`${characterCount(name)} of ${displayNameMaxLength} characters. Offered to them as their name when they accept; they can change it.`}
        error={nameProblem}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            value={name}
            onChange={(event) => {
              edited()
              setName(event.target.value)
            }}
          />
        )}
      </Field>
      <RadioGroup
        legend="As"
        name="invite-membership"
        look="list"
        options={memberships}
        selected={membership}
        onSelect={setMembershipChoice}
      />
      {invite.error && (
        <p className="field-error" role="alert">
          {invite.error.message}
        </p>
      )}
      {invite.data && <InvitationDelivery invitation={invite.data} organizationId={organizationId} />}
      <div>
        <button type="submit" className="button" aria-disabled={invite.isPending ? true : undefined}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  )
}
