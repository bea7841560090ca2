import { useState } from 'react'
import { RadioGroup } from '../../ui/index.ts'
import { ChangeMyName } from './ChangeMyName.tsx'
import {
  assignRole,
  type Member,
  type Organization,
  removeMember,
  setMembership,
  unassignRole,
} from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

type Props = {
  organization: Organization
  member: Member
  isMe: boolean
  onLeft: () => void
  /** A role just saved, offered first to give (`?assign=`). */
  assigning?: string | undefined
}

/** One member, by the name they go by (else their email or phone number): their roles, and an admin's controls. */
export function MemberRow({ organization, member, isMe, onLeft, assigning }: Props) {
  const isAdmin = organization.my_membership === 'admin'
  const held = organization.roles.filter((role) => member.role_ids.includes(role.id))
  const assignable = organization.roles.filter((role) => !member.role_ids.includes(role.id))
  const [picked, setChosen] = useState<string>()
  const chosen = picked ?? assignable.find((role) => role.id === assigning)?.id ?? ''
  const chosenRole = assignable.find((role) => role.id === chosen)
  const orgId = organization.id
  const assign = useOrganizationAction((signer, roleId: string) =>
    assignRole(signer, orgId, member.user_id, roleId),
  )
  const unassign = useOrganizationAction((signer, roleId: string) =>
    unassignRole(signer, orgId, member.user_id, roleId),
  )
  const promote = useOrganizationAction((signer, to: Member['membership']) =>
    setMembership(signer, orgId, member.user_id, to),
  )
  const remove = useOrganizationAction((signer) => removeMember(signer, orgId, member.user_id))
  const failure = assign.error ?? unassign.error ?? promote.error ?? remove.error
  const who = `${member.label}${isMe ? ' (you)' : ''}`
  return (
    <li className="stack-small" aria-label={who}>
      <span>
        <strong className="breakable">{who}</strong>{' '}
        <span className="field-hint">· {member.membership === 'admin' ? 'Admin' : 'Member'}</span>
      </span>
      <span className="breakable">
        {held.length === 0 ? 'No role yet' : `Roles: ${held.map((role) => role.name).join(', ')}`}
      </span>
      {isAdmin && (
        <div className="actions">
          {held.map((role) => (
            <button
              key={role.id}
              type="button"
              className="button button-secondary"
              onClick={() => unassign.mutate(role.id)}
            >
              Unassign {role.name} from {member.label}
            </button>
          ))}
        </div>
      )}
      {isAdmin && assignable.length > 0 && (
        <div className="stack-small">
          <RadioGroup
            legend={<>Give {member.label} a role</>}
            name={`assign-${member.user_id}`}
            look="list"
            options={assignable.map((role) => ({ value: role.id, label: role.name }))}
            selected={chosen === '' ? undefined : chosen}
            onSelect={setChosen}
          />
          <div className="actions">
            <button
              type="button"
              className="button"
              aria-disabled={chosen === '' ? true : undefined}
              onClick={() => chosen && assign.mutate(chosen, { onSuccess: () => setChosen('') })}
            >
              {chosenRole ? `Assign ${chosenRole.name}` : 'Assign'}
            </button>
          </div>
        </div>
      )}
      <div className="actions">
        {isAdmin && !isMe && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => promote.mutate(member.membership === 'admin' ? 'member' : 'admin')}
          >
            {member.membership === 'admin'
              ? `Make ${member.label} a member`
              : `Make ${member.label} an admin`}
          </button>
        )}
        {isAdmin && !isMe && (
          <button type="button" className="button button-secondary" onClick={() => remove.mutate(undefined)}>
            Remove {member.label}
          </button>
        )}
        {isMe && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => remove.mutate(undefined, { onSuccess: onLeft })}
          >
            Leave the organisation
          </button>
        )}
      </div>
      {isMe && <ChangeMyName />}
      {failure && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
    </li>
  )
}
