import { CodeEntry } from '../auth/index.ts'
import type { ExportFlow } from './useExportFlow.ts'

/** The code screen of an export: the sign-in's code entry, exporting when the code is right, and a way back. */
export function ExportCodeForm({ flow }: { flow: ExportFlow }) {
  const { state } = flow
  if (!('code' in state)) return null
  const { code, choice } = state
  return (
    <CodeEntry
      heading="Enter the code"
      sentTo={code.sentTo}
      sentAt={code.sentAt}
      expiresAt={code.expiresAt}
      resendAt={code.resendAt}
      step={state}
      submitLabel={choice.format === 'keystore' ? 'Export keystore file' : 'Export private key'}
      onVerify={flow.verify}
      onResend={() => void flow.resend()}
      backLabel="Cancel"
      onBack={flow.restart}
    />
  )
}
