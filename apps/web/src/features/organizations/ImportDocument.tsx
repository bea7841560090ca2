import { ipfsHashFromInput } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
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
        <div className="field">
          <label htmlFor="import-cid">CID or ipfs:// address</label>
          <input
            id="import-cid"
            value={input}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby="import-cid-error"
            onChange={(event) => setInput(event.target.value)}
          />
          <p id="import-cid-error" className="field-error">
            {problem}
          </p>
        </div>
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
