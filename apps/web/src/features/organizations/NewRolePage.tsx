import { ipfsHashFromInput } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { DocumentEditor } from './DocumentEditor.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import { createRole, type Role } from './organizationsApi.ts'
import { PublishedAs } from './PublishedAs.tsx'
import { readDocument } from './readDocument.ts'

/** `/organizations/:id/roles/new[/:cid]`: a new role, blank or from an imported document. */
export function NewRolePage({ organizationId, from }: { organizationId: string; from?: string }) {
  const cid = from ? ipfsHashFromInput(from) : undefined
  const imported = useQuery({
    queryKey: ['ipfs', cid],
    queryFn: () => readDocument(cid as string),
    enabled: cid !== undefined,
    staleTime: Infinity,
  })
  const [saved, setSaved] = useState<Role>()
  const back = `/${encodeURIComponent(organizationId)}`
  const waiting = cid !== undefined && !imported.data
  return (
    <OrganizationFrame
      title={saved ? `Role saved: ${saved.name}` : 'New role'}
      back={back}
      backLabel="Back to the organisation"
    >
      {imported.error && (
        <p className="field-error" role="alert">
          {imported.error.message}
        </p>
      )}
      {waiting && !imported.error && <p role="status">Reading {cid}…</p>}
      {saved ? (
        <section className="card stack" aria-labelledby="role-saved-heading">
          <h2 id="role-saved-heading">Next: give it to someone</h2>
          <p role="status">
            <span className="breakable">{saved.name}</span> is saved and published. Nobody holds it yet.
          </p>
          <div className="actions">
            <Link href={`${back}?assign=${encodeURIComponent(saved.id)}`} className="button">
              Assign this role
            </Link>
            <Link href={`${back}/roles/${encodeURIComponent(saved.id)}`} className="button button-secondary">
              Open the role
            </Link>
          </div>
          <PublishedAs pinned={saved} />
        </section>
      ) : (
        !waiting && (
          <section className="card stack" aria-labelledby="write-role-heading">
            <h2 id="write-role-heading">Write the role</h2>
            <DocumentEditor<Role>
              noun="role"
              initial={imported.data?.parsed}
              save={(signer, document) => createRole(signer, organizationId, document)}
              onSaved={setSaved}
            />
          </section>
        )
      )}
    </OrganizationFrame>
  )
}
