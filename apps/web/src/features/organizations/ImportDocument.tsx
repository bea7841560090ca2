import { ipfsHashFromInput } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { Field } from '../../ui/index.ts'
import { readDocument } from './readDocument.ts'
import { StoredDocument } from './StoredDocument.tsx'

/** Reads a document by CID or `ipfs://` URI through Charter's gateway; an admin can make a role of it. */
export function ImportDocument({ organizationId, canAdd }: { organizationId: string; canAdd: boolean }) {
  const [input, setInput] = useState('')
  const [cid, setCid] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const read = useQuery({
    queryKey: ['ipfs', cid],
    queryFn: () => readDocument(cid as string),
    enabled: cid !== undefined,
    staleTime: Infinity,
    retry: false,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const hash = ipfsHashFromInput(input)
    setProblem(hash ? undefined : 'Paste a CID (Qm… or bafy…) or an ipfs:// address, with nothing after it.')
    setCid(hash)
  }
  return (
    <section className="card stack" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a document</h2>
      <form className="stack-small" onSubmit={submit} noValidate>
        <Field label="CID or ipfs:// address" id="import-cid" error={problem} alert>
          {(control) => (
            <input
              {...control}
              className="input address-input"
              value={input}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setInput(event.target.value)}
            />
          )}
        </Field>
        <div>
          <button type="submit" className="button">
            Read document
          </button>
        </div>
      </form>
      {cid && read.isPending && <p role="status">Reading {cid}…</p>}
      {read.error && (
        <p className="field-error" role="alert">
          {read.error.message}
        </p>
      )}
      {read.data && <StoredDocument result={read.data} />}
      {canAdd && cid && read.data?.parsed && (
        <Link className="button" href={`/${encodeURIComponent(organizationId)}/roles/new/${cid}`}>
          Make it a role
        </Link>
      )}
    </section>
  )
}
