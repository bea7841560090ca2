import { useSyncExternalStore } from 'react'
import type { WalletProxyState } from '../walletProxy/index.ts'
import { useWalletRuntime } from './useWalletRuntime.ts'

export function useWalletProxyState(): WalletProxyState {
  const { proxy } = useWalletRuntime()
  return useSyncExternalStore(proxy.subscribe, proxy.getState)
}
