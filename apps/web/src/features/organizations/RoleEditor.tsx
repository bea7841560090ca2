import { type MetadataDocument, parseMetadataDocument } from '@charter/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { DocumentView } from './DocumentView.tsx'
import { ItemList } from './ItemList.tsx'
import { createRole, organizationsQueryKey, type Role, updateRole } from './organizationsApi.ts'
import {
  documentFromDraft,
  draftFromDocument,
  type ItemDraft,
  type ItemKind,
  type RoleDraft,
} from './roleDraft.ts'
import { SavedRole } from './SavedRole.tsx'

type Props = {
  organizationId: string
  /** The role to edit; none for a new one. */
  role?: Role
  /** What a new role starts from (an imported document). */
  initial?: MetadataDocument
  onSaved?: (role: Role) => void
}

/** Writes a role's document, checks it with the core's schema as it is typed, and pins it on save. */
export function RoleEditor({ organizationId, role, initial, onSaved }: Props) {
  const [draft, setDraft] = useState<RoleDraft>(() => draftFromDocument(role?.document ?? initial))
  const [checked, setChecked] = useState(false)
  const [preview, setPreview] = useState(false)
  const queryClient = useQueryClient()
  const noticeId = useId()
  const result = parseMetadataDocument(documentFromDraft(draft))
  const issues = new Map(
    checked && result.error ? result.error.issues.map((issue) => [issue.path, issue.message] as const) : [],
  )
  const save = useMutation({
    mutationFn: (document: MetadataDocument) =>
      role ? updateRole(organizationId, role.id, document) : createRole(organizationId, document),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: organizationsQueryKey })
      onSaved?.(saved)
    },
  })
  const setItems = (kind: ItemKind, items: ItemDraft[]) => setDraft((value) => ({ ...value, [kind]: items }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (result.parsed && !save.isPending) save.mutate(result.parsed)
  }
  const nameIssue = issues.get('data.name')
  return (
    <form className="stack role-editor" onSubmit={submit} noValidate aria-describedby={noticeId}>
      <p id={noticeId} className="public-notice">
        Role documents are public: anyone with the CID can read them, and a pinned version cannot be taken
        back. Write nothing private here.
      </p>
      <div className="field">
        <label htmlFor="role-name">Name</label>
        <input
          id="role-name"
          value={draft.name}
          aria-invalid={nameIssue ? true : undefined}
          aria-describedby="role-name-error"
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <p id="role-name-error" className="field-error">
          {nameIssue && `Name ${nameIssue}.`}
        </p>
      </div>
      <div className="field">
        <label htmlFor="role-description">Description (optional)</label>
        <textarea
          id="role-description"
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
        />
      </div>
      <ItemList
        kind="responsibilities"
        items={draft.responsibilities}
        issues={issues}
        onChange={(items) => setItems('responsibilities', items)}
      />
      <ItemList
        kind="authorities"
        items={draft.authorities}
        issues={issues}
        onChange={(items) => setItems('authorities', items)}
      />
      {checked && result.error && (
        <p className="field-error" role="alert">
          The role cannot be saved yet:{' '}
          {result.error.issues.length === 1 ? 'one field needs' : `${result.error.issues.length} fields need`}{' '}
          attention (marked above).
        </p>
      )}
      {save.error && (
        <p className="field-error" role="alert">
          {save.error.message}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" aria-disabled={save.isPending ? true : undefined}>
          {save.isPending ? 'Saving…' : 'Save role'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={preview}
          onClick={() => {
            setChecked(true)
            setPreview(!preview)
          }}
        >
          {preview ? 'Hide preview' : 'Preview'}
        </button>
      </div>
      {preview && (
        <section className="card stack-small" aria-label="Preview">
          {result.parsed ? (
            <DocumentView document={result.parsed} />
          ) : (
            <p>Nothing to preview until every field is right.</p>
          )}
        </section>
      )}
      {save.data && <SavedRole role={save.data} />}
    </form>
  )
}
