import { ipfsHashFromInput } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { DocumentEditor } from './DocumentEditor.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import { createRole, type Role } from './organizationsApi.ts'
import { readDocument } from './readDocument.ts'
import { SavedDocument } from './SavedDocument.tsx'

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
    <OrganizationFrame title="New role" back={back} backLabel="Back to the organisation">
      {imported.error && (
        <p className="field-error" role="alert">
          {imported.error.message}
        </p>
      )}
      {waiting && !imported.error && <p role="status">Reading {cid}…</p>}
      {saved ? (
        <section className="card stack">
          <SavedDocument saved={saved} />
          <Link href={`${back}/roles/${encodeURIComponent(saved.id)}`}>Open the role {saved.name}</Link>
        </section>
      ) : (
        !waiting && (
          <section className="card stack" aria-label="Write the role">
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
