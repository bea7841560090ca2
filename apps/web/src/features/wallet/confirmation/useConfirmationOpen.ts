import { useSyncExternalStore } from 'react'
import { useWalletRuntime } from '../useWalletRuntime.ts'

/** Whether a signature request is on screen, waiting for the person. */
export function useConfirmationOpen(): boolean {
  const { confirmations } = useWalletRuntime()
  return useSyncExternalStore(confirmations.subscribe, () => confirmations.current() !== undefined)
}
