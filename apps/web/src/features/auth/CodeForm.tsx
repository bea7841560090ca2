import type { ReactNode } from 'react'
import { CodeEntry } from './CodeEntry.tsx'
import { describeDestination } from './describeDestination.ts'
import type { CodeFlow } from './useCodeFlow.ts'

type Props = {
  flow: CodeFlow<unknown>
  heading: string
  submitLabel: string
  /** 'Use a different number', …: back to the address. */
  changeAddressLabel: string
  /** What the code is for, after where it went: 'to confirm it is you'. */
  purpose?: string
  /** Other ways on, under the code screen's own. */
  children?: ReactNode
}

/** The code screen of a sign-in, link or change: the code entry, and back to the address. */
export function CodeForm({ flow, heading, submitLabel, changeAddressLabel, purpose, children }: Props) {
  const { state } = flow
  if (!('sent' in state)) return null
  const { sent } = state
  return (
    <CodeEntry
      heading={heading}
      sentTo={sent.sentTo ?? describeDestination(sent.destination)}
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
    >
      {children}
    </CodeEntry>
  )
}
