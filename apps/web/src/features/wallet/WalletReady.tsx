import type { ReactNode } from 'react'
import { StatusMessage } from '../../ui/index.ts'
import { isKeyRefusal } from '../walletProxy/index.ts'
import { useWalletProxyState } from './useWalletProxyState.ts'
import { useWalletRuntime } from './useWalletRuntime.ts'
import { WalletErrorMessage } from './WalletErrorMessage.tsx'

/** Shows `children` once the wallet can sign on this device; until then, where its setup stands. */
export function WalletReady({ children }: { children: ReactNode }) {
  const state = useWalletProxyState()
  const { proxy } = useWalletRuntime()
  switch (state.status) {
    case 'ready':
      return children
    case 'error':
      return (
        <div className="stack">
          <WalletErrorMessage error={state.error} title="Your wallet could not be set up on this device" />
          {/* Trying again cannot help a session bound to another key, or to none: only a new sign-in can. */}
          {!isKeyRefusal(state.error) && (
            <div className="actions">
              <button type="button" className="button" onClick={() => void proxy.init(state.userId)}>
                Try again
              </button>
            </div>
          )}
        </div>
      )
    case 'signed-out':
      return <StatusMessage>You are signed out.</StatusMessage>
    default:
      return <StatusMessage>Setting up your wallet on this device…</StatusMessage>
  }
}
