import { type MetadataDocument, parseMetadataDocument } from '@charter/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Field } from '../../ui/index.ts'
import { DocumentView } from './DocumentView.tsx'
import { ItemList } from './ItemList.tsx'
import { organizationsQueryKey, type Pinned } from './organizationsApi.ts'
import {
  documentFromDraft,
  draftFromDocument,
  type ItemDraft,
  type ItemKind,
  type RoleDraft,
} from './roleDraft.ts'
import { SavedDocument } from './SavedDocument.tsx'
import { type OrganizationSigner, useOrganizationSigner } from './useOrganizationSigner.ts'

type Props<Saved extends Pinned> = {
  /** What the document describes, in the editor's words. */
  noun: 'role' | 'organisation'
  /** What it starts from: the current document, an imported one, or none for a blank one. */
  initial?: MetadataDocument | undefined
  /** Pins the checked document as the new version, signed with this device's key (`signer`). */
  save: (signer: OrganizationSigner, document: MetadataDocument) => Promise<Saved>
  onSaved?: (saved: Saved) => void
}

/**
 * Writes the document of a role or of the organisation itself, checks it with the core's schema as it is typed,
 * and pins it on save.
 */
export function DocumentEditor<Saved extends Pinned>({ noun, initial, save: pin, onSaved }: Props<Saved>) {
  const [draft, keepDraft] = useState<RoleDraft>(() => draftFromDocument(initial))
  const [checked, setChecked] = useState(false)
  const [preview, setPreview] = useState(false)
  const queryClient = useQueryClient()
  const signer = useOrganizationSigner()
  const noticeId = useId()
  const result = parseMetadataDocument(documentFromDraft(draft))
  const issues = new Map(
    checked && result.error ? result.error.issues.map((issue) => [issue.path, issue.message] as const) : [],
  )
  const save = useMutation({
    mutationFn: (document: MetadataDocument) => pin(signer, document),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: organizationsQueryKey })
      onSaved?.(saved)
    },
  })
  // A refused save's words go as soon as the document is changed: they were about the one that was sent.
  const setDraft = (update: RoleDraft | ((value: RoleDraft) => RoleDraft)) => {
    if (save.isError) save.reset()
    keepDraft(update)
  }
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
        {noun === 'role' ? 'Role documents' : 'The organisation’s document'} {noun === 'role' ? 'are' : 'is'}{' '}
        public: anyone with the CID can read {noun === 'role' ? 'them' : 'it'}, and a pinned version cannot be
        taken back. Write nothing private here.
      </p>
      <Field label="Name" id={`${noun}-name`} error={nameIssue && `Name ${nameIssue}.`}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        )}
      </Field>
      <Field label="Description (optional)" id={`${noun}-description`}>
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            value={draft.description}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
        )}
      </Field>
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
          The {noun} cannot be saved yet:{' '}
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
          {save.isPending ? 'Saving…' : noun === 'role' ? 'Save role' : 'Save details'}
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
      {save.data && <SavedDocument saved={save.data} />}
    </form>
  )
}
