import { useRef, useState } from 'react'
import { useConfirmationOpen } from './confirmation/useConfirmationOpen.ts'

/**
 * A signature a screen asked for, as one union: `confirming` while the dialog waits for the person, `pending`
 * while the server signs, then `success` or `error` (a rejection is an error with code 4001).
 */
export type SignatureFlowState<Result> =
  | { status: 'idle' }
  | { status: 'confirming'; waitingSince: number }
  | { status: 'pending' }
  | { status: 'success'; result: Result }
  | { status: 'error'; error: unknown }

type Step<Result> =
  | Exclude<SignatureFlowState<Result>, { status: 'confirming' | 'pending' }>
  | {
      status: 'waiting'
      since: number
    }

export type SignatureFlow<Result> = {
  state: SignatureFlowState<Result>
  /** Runs one request through the provider; ignored while another is under way. */
  run: (request: () => Promise<Result>) => Promise<void>
  reset: () => void
}

export function useSignatureFlow<Result>(): SignatureFlow<Result> {
  const [step, setStep] = useState<Step<Result>>({ status: 'idle' })
  const busy = useRef(false)
  // Whether the wait is on the person or on the server is the dialog's to say.
  const confirmationOpen = useConfirmationOpen()

  const run = async (request: () => Promise<Result>) => {
    if (busy.current) return
    busy.current = true
    setStep({ status: 'waiting', since: Date.now() })
    try {
      setStep({ status: 'success', result: await request() })
    } catch (error) {
      setStep({ status: 'error', error })
    } finally {
      busy.current = false
    }
  }

  const state: SignatureFlowState<Result> =
    step.status !== 'waiting'
      ? step
      : confirmationOpen
        ? { status: 'confirming', waitingSince: step.since }
        : { status: 'pending' }
  return { state, run, reset: () => setStep({ status: 'idle' }) }
}
