import { useId, useState } from 'react'
import { Field } from '../../ui/index.ts'
import {
  assignRole,
  type Member,
  type Organization,
  removeMember,
  setMembership,
  unassignRole,
} from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

type Props = { organization: Organization; member: Member; isMe: boolean; onLeft: () => void }

/** One member: their roles, and for an admin the ways to change them. */
export function MemberRow({ organization, member, isMe, onLeft }: Props) {
  const isAdmin = organization.my_membership === 'admin'
  const selectId = useId()
  const held = organization.roles.filter((role) => member.role_ids.includes(role.id))
  const assignable = organization.roles.filter((role) => !member.role_ids.includes(role.id))
  const [chosen, setChosen] = useState('')
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
        <strong className="breakable">{who}</strong> · {member.membership}
      </span>
      <span>Roles: {held.length === 0 ? 'none' : held.map((role) => role.name).join(', ')}</span>
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
          <Field label={<>Role for {member.label}</>} id={selectId}>
            {(control) => (
              <select
                {...control}
                className="input"
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
              >
                <option value="">Choose a role</option>
                {assignable.map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="actions">
            <button
              type="button"
              className="button"
              aria-disabled={chosen === '' ? true : undefined}
              onClick={() => chosen && assign.mutate(chosen, { onSuccess: () => setChosen('') })}
            >
              Assign
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
      {failure && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
    </li>
  )
}
