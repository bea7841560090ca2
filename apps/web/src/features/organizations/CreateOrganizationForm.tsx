import { type MetadataDocument, metadataDocumentVersion, parseMetadataDocument } from '@charter/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useLocation } from 'wouter'
import { Field } from '../../ui/index.ts'
import { createOrganization, organizationsQueryKey } from './organizationsApi.ts'
import { useOrganizationSigner } from './useOrganizationSigner.ts'

/** Creates an organisation; whoever creates it is its admin. */
export function CreateOrganizationForm() {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [problem, setProblem] = useState<string>()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const signer = useOrganizationSigner()
  const create = useMutation({
    mutationFn: (document: MetadataDocument) => createOrganization(signer, document),
    onSuccess: (organization) => {
      void queryClient.invalidateQueries({ queryKey: organizationsQueryKey })
      navigate(`/${encodeURIComponent(organization.id)}`)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = parseMetadataDocument({
      type: metadataDocumentVersion,
      data: { name, ...(description.trim() && { description }) },
    })
    setProblem(result.error ? `Name ${result.error.issues[0]?.message ?? 'is not valid'}.` : undefined)
    if (result.parsed) create.mutate(result.parsed)
  }
  return (
    <section className="card stack" aria-labelledby="create-org-heading">
      <h2 id="create-org-heading">Create an organisation</h2>
      <p className="field-hint">Its name and description are pinned as a public document.</p>
      <form className="stack-small" onSubmit={submit} noValidate>
        <Field label="Name" id="org-name" error={problem} alert>
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Description (optional)" id="org-description">
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
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
