import { oneTimeCodeRules } from '@charter/core'
import { useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { proveWithPasskey } from '../passkeys/index.ts'
import { useWalletRuntime } from '../wallet/index.ts'
import type { ExportChoice, ExportCode, ExportState } from './ExportState.ts'
import { exportWalletKey } from './exportWalletKey.ts'
import { initExport } from './initExport.ts'

export type ExportFlow = {
  state: ExportState
  send: (choice: ExportChoice) => Promise<void>
  /** Exports at once with the member's passkey instead of a code. */
  exportWithPasskey: (choice: ExportChoice) => Promise<void>
  resend: () => Promise<void>
  /** 'ignored' while another request of the flow is under way. */
  verify: (code: string) => Promise<'accepted' | 'refused' | 'ignored'>
  /** Back to the choices (as they were), forgetting any exported key. */
  restart: () => void
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

/** Sends a code, checks it and exports (or exports with a passkey's confirmation): the steps of an export, each request signed by the wallet proxy. */
export function useExportFlow(): ExportFlow {
  const { proxy } = useWalletRuntime()
  const [state, setState] = useState<ExportState>({ status: 'idle' })
  // A ref, not state: an auto-submitted code and an Enter press in the same tick must not both go out.
  const busy = useRef(false)

  const run = async (task: () => Promise<void>) => {
    if (busy.current) return
    busy.current = true
    try {
      await task()
    } finally {
      busy.current = false
    }
  }

  const deliver = async (choice: ExportChoice): Promise<ExportCode> => {
    const sent = await initExport(proxy, choice.wallet.id)
    const sentAt = Date.now()
    return { ...sent, sentAt, resendAt: sentAt + oneTimeCodeRules.resendWaitSeconds * 1000 }
  }

  const send = (choice: ExportChoice) =>
    run(async () => {
      setState({ status: 'pending', action: 'send', choice })
      try {
        setState({ status: 'confirming', choice, code: await deliver(choice) })
      } catch (error) {
        setState({ status: 'error', action: 'send', choice, error: asError(error) })
      }
    })

  const exportWithPasskey = (choice: ExportChoice) =>
    run(async () => {
      setState({ status: 'pending', action: 'passkey', choice })
      try {
        const { proof } = await proveWithPasskey({ type: 'export', wallet_id: choice.wallet.id })
        const exported = await exportWalletKey(proxy, choice.wallet.id, {
          format: choice.format,
          passkey: { authenticator_response: proof },
        })
        setState({ status: 'success', choice, exported })
      } catch (error) {
        setState({ status: 'error', action: 'passkey', choice, error: asError(error) })
      }
    })

  const resend = () =>
    run(async () => {
      if (!('code' in state)) return
      const { choice, code } = state
      setState({ status: 'pending', action: 'resend', choice, code })
      try {
        setState({ status: 'confirming', choice, code: await deliver(choice), resent: true })
      } catch (error) {
        const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined
        const resendAt = retryAfter ? Date.now() + retryAfter * 1000 : code.resendAt
        setState({
          status: 'error',
          action: 'resend',
          choice,
          code: { ...code, resendAt },
          error: asError(error),
        })
      }
    })

  const verify = async (entered: string) => {
    if (busy.current || !('code' in state)) return 'ignored'
    const { choice, code } = state
    let outcome: 'accepted' | 'refused' = 'refused'
    await run(async () => {
      setState({ status: 'pending', action: 'verify', choice, code })
      try {
        const exported = await exportWalletKey(proxy, choice.wallet.id, {
          code: entered,
          format: choice.format,
        })
        outcome = 'accepted'
        setState({ status: 'success', choice, exported })
      } catch (error) {
        setState({ status: 'error', action: 'verify', choice, code, error: asError(error) })
      }
    })
    return outcome
  }

  const restart = () => {
    if (!busy.current) setState({ status: 'idle', choice: 'choice' in state ? state.choice : undefined })
  }

  return { state, send, exportWithPasskey, resend, verify, restart }
}
