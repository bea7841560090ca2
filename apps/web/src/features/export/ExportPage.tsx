import type { CharterUser } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { heldActionsQueryOptions } from '../holds/index.ts'
import { PasskeyPrompt } from '../passkeys/index.ts'
import { RequireSignIn } from '../session/index.ts'
import { WalletPage, WalletReady } from '../wallet/index.ts'
import { ExportChoiceForm } from './ExportChoiceForm.tsx'
import { ExportCodeForm } from './ExportCodeForm.tsx'
import { ExportHold } from './ExportHold.tsx'
import { ExportResult } from './ExportResult.tsx'
import { ExportSummary } from './ExportSummary.tsx'
import { useExportFlow } from './useExportFlow.ts'

/** `/wallet/export`: the warnings, a fresh code, and the key (or a keystore file), shown once. */
export function ExportPage() {
  return (
    <RequireSignIn>
      {(user) => (
        <WalletPage title="Export a private key">
          <WalletReady>
            <Export user={user} />
          </WalletReady>
        </WalletPage>
      )}
    </RequireSignIn>
  )
}

function Export({ user }: { user: CharterUser }) {
  const flow = useExportFlow()
  const held = useQuery(heldActionsQueryOptions())
  // Past the hold's screen: a request the member's passkey released, or an export with the passkey itself.
  const [proceed, setProceed] = useState(false)
  const { state } = flow
  // A new device's wait is said before the form, never found out after filling it in.
  if (held.isPending) {
    return (
      <p className="status" role="status">
        Loading…
      </p>
    )
  }
  const holdEndsAt = held.data?.hold_ends_at
  if (held.data && holdEndsAt != null && state.status === 'idle' && !proceed) {
    return (
      <ExportHold
        user={user}
        held={{ ...held.data, hold_ends_at: holdEndsAt }}
        onProceed={() => setProceed(true)}
      />
    )
  }
  // The choice step shows the wallets, formats and warnings themselves; the later steps keep them in view.
  if (state.status === 'success') {
    return (
      <>
        <ExportSummary choice={state.choice} />
        <ExportResult choice={state.choice} exported={state.exported} />
        <PasskeyPrompt />
      </>
    )
  }
  if ('code' in state) {
    return (
      <>
        <ExportSummary choice={state.choice} />
        <ExportCodeForm flow={flow} />
      </>
    )
  }
  return <ExportChoiceForm user={user} flow={flow} />
}
