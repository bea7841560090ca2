import { type MetadataDocument, metadataDocumentVersion, parseMetadataDocument } from '@charter/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useLocation } from 'wouter'
import { Field } from '../../ui/index.ts'
import { DisplayNameField } from './DisplayNameField.tsx'
import { displayNameProblem } from './displayName.ts'
import { createOrganization, myNameQueryOptions, organizationsQueryKey } from './organizationsApi.ts'
import { useOrganizationSigner } from './useOrganizationSigner.ts'

const documentOf = (name: string, description: string) =>
  parseMetadataDocument({
    type: metadataDocumentVersion,
    data: { name, ...(description.trim() && { description }) },
  })

/** Creates an organisation; whoever creates it is its admin, and says the name they go by there. */
export function CreateOrganizationForm() {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const myName = useQuery(myNameQueryOptions())
  const [typedMyName, setMyName] = useState<string>()
  const ownName = typedMyName ?? myName.data ?? ''
  // Mistakes show once the member tried to create, and are worked out from what is typed: fixed, they go.
  const [tried, setTried] = useState(false)
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const signer = useOrganizationSigner()
  const create = useMutation({
    mutationFn: (input: { document: MetadataDocument; displayName: string }) =>
      createOrganization(signer, input.document, input.displayName === '' ? undefined : input.displayName),
    onSuccess: (organization) => {
      void queryClient.invalidateQueries({ queryKey: organizationsQueryKey })
      navigate(`/${encodeURIComponent(organization.id)}`)
    },
  })
  const checked = documentOf(name, description)
  const nameProblem = checked.error
    ? `Name ${checked.error.issues[0]?.message ?? 'is not valid'}.`
    : undefined
  // Optional: without a name the creator is shown by their phone number or email.
  const ownNameProblem = ownName.trim() === '' ? undefined : displayNameProblem(ownName)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (create.isPending || ownNameProblem || !checked.parsed) return
    create.mutate({ document: checked.parsed, displayName: ownName.trim() })
  }
  return (
    <section className="card stack" aria-labelledby="create-org-heading">
      <h2 id="create-org-heading">Create an organisation</h2>
      <p className="field-hint">Its name and description are published as a public document.</p>
      <form className="stack-small" onSubmit={submit} noValidate>
        <Field label="Name" id="org-name" error={tried ? nameProblem : undefined}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              onChange={(event) => {
                if (create.isError) create.reset()
                setName(event.target.value)
              }}
            />
          )}
        </Field>
        <Field label="Description (optional)" id="org-description">
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              value={description}
              onChange={(event) => {
                if (create.isError) create.reset()
                setDescription(event.target.value)
              }}
            />
          )}
        </Field>
        <DisplayNameField
          id="org-my-name"
          value={ownName}
          onChange={(next) => {
            if (create.isError) create.reset()
            setMyName(next)
          }}
          error={tried ? ownNameProblem : undefined}
        />
        {create.error && (
          <p className="field-error" role="alert">
            {create.error.message}
          </p>
        )}
        <div>
          <button type="submit" className="button" aria-disabled={create.isPending ? true : undefined}>
            {create.isPending ? 'Creating…' : 'Create organisation'}
          </button>
        </div>
      </form>
    </section>
  )
}
