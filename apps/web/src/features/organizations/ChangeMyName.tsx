import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { DisplayNameField } from './DisplayNameField.tsx'
import { displayNameProblem } from './displayName.ts'
import { myNameQueryOptions, setMyName } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** On the member's own row: the name they go by, to change; every organisation they are in shows the new one. */
export function ChangeMyName() {
  const given = useQuery(myNameQueryOptions())
  const [typed, setName] = useState<string>()
  const name = typed ?? given.data ?? ''
  const [tried, setTried] = useState(false)
  const save = useOrganizationAction((signer, displayName: string) => setMyName(signer, displayName))
  const problem = displayNameProblem(name)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (problem || save.isPending) return
    save.mutate(name.trim(), { onSuccess: () => setTried(false) })
  }
  return (
    <details>
      <summary>Change your name</summary>
      <form className="stack-small" onSubmit={submit} noValidate>
        <DisplayNameField
          id="my-name"
          value={name}
          onChange={(next) => {
            if (save.isError || save.isSuccess) save.reset()
            setName(next)
          }}
          error={tried ? problem : undefined}
        />
        <div>
          <button
            type="submit"
            className="button button-secondary"
            aria-disabled={save.isPending ? true : undefined}
          >
            Save your name
          </button>
        </div>
        {save.isSuccess && (
          <p role="status">Saved: your colleagues now see you as {save.data.display_name}.</p>
        )}
        {save.error && (
          <p className="field-error" role="alert">
            {save.error.message}
          </p>
        )}
      </form>
    </details>
  )
}
