import { CodeEntry } from './CodeEntry.tsx'
import { describeDestination } from './describeDestination.ts'
import type { CodeFlow } from './useCodeFlow.ts'

type Props = {
  flow: CodeFlow
  heading: string
  submitLabel: string
  /** 'Use a different number', …: back to the address. */
  changeAddressLabel: string
}

/** The code screen of a sign-in, link or change: the code entry, and back to the address. */
export function CodeForm({ flow, heading, submitLabel, changeAddressLabel }: Props) {
  const { state } = flow
  if (!('sent' in state)) return null
  const { sent } = state
  return (
    <CodeEntry
      heading={heading}
      sentTo={describeDestination(sent.destination)}
      sentAt={sent.sentAt}
      expiresAt={sent.expiresAt}
      resendAt={sent.resendAt}
      step={state}
      submitLabel={submitLabel}
      onVerify={flow.verify}
      onResend={() => void flow.resend()}
      backLabel={changeAddressLabel}
      onBack={flow.restart}
    />
  )
}
