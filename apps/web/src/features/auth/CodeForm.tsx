import type { ReactNode } from 'react'
import { CodeEntry } from './CodeEntry.tsx'
import { showDestination } from './showDestination.ts'
import type { CodeFlow } from './useCodeFlow.ts'

type Props = {
  flow: CodeFlow<unknown>
  heading: string
  submitLabel: string
  /** 'Change number', 'Back', …: back to the address. */
  changeAddressLabel: string
  /** The person typed the address: the way back stands beside it (see `CodeEntry`). */
  typed?: boolean
  /** What the code is for, after where it went: 'to confirm it is you'. */
  purpose?: string
  /** Other ways on, under the code screen's own. */
  children?: ReactNode
}

/** The code screen of a sign-in, link or change: the code entry, where it went in full, and back to the address. */
export function CodeForm({
  flow,
  heading,
  submitLabel,
  changeAddressLabel,
  typed = false,
  purpose,
  children,
}: Props) {
  const { state } = flow
  if (!('sent' in state)) return null
  const { sent } = state
  return (
    <CodeEntry
      heading={heading}
      // In full, as typed, so a typo shows: '+1 415 555 2671', not the server's '*2671'. It is the person's own.
      sentTo={showDestination(sent.destination)}
      purpose={purpose}
      sentAt={sent.sentAt}
      expiresAt={sent.expiresAt}
      resendAt={sent.resendAt}
      sentEarlier={sent.earlier}
      step={state}
      submitLabel={submitLabel}
      onVerify={flow.verify}
      onResend={() => void flow.resend()}
      backLabel={changeAddressLabel}
      onBack={flow.restart}
      backBesideAddress={typed}
    >
      {children}
    </CodeEntry>
  )
}
