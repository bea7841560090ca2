import { type FormEvent, useState } from 'react'
import { checkInviteAddress } from './checkInviteAddress.ts'
import { inviteMember, type Membership } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** An admin invites someone by phone number or email; whoever signs in with it sees the invitation. */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const [kind, setKind] = useState<'phone' | 'email'>('phone')
  const [input, setInput] = useState('')
  const [membership, setMembershipChoice] = useState<Membership>('member')
  const [problem, setProblem] = useState<string>()
  const invite = useOrganizationAction((signer, address: Parameters<typeof inviteMember>[2]) =>
    inviteMember(signer, organizationId, address, membership),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkInviteAddress(kind, input)
    setProblem(checked.ok ? undefined : checked.message)
    if (checked.ok) invite.mutate(checked.address, { onSuccess: () => setInput('') })
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
            onChange={() => setKind('phone')}
          />{' '}
          Phone number
        </label>
        <label>
          <input
            type="radio"
            name="invite-kind"
            checked={kind === 'email'}
            onChange={() => setKind('email')}
          />{' '}
          Email address
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="invite-address">{kind === 'phone' ? 'Phone number' : 'Email address'}</label>
        <input
          id="invite-address"
          type={kind === 'phone' ? 'tel' : 'email'}
          autoComplete="off"
          value={input}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            kind === 'phone' ? 'invite-address-hint invite-address-error' : 'invite-address-error'
          }
          onChange={(event) => setInput(event.target.value)}
        />
        {kind === 'phone' && (
          <p id="invite-address-hint" className="field-hint">
            With its country code (+44 …) unless it is from your own country.
          </p>
        )}
        <p id="invite-address-error" className="field-error">
          {problem}
        </p>
      </div>
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
