import { useMemo } from 'react'
import { useWalletRuntime } from '../wallet/index.ts'
import { type WalletProxy, whenStarted } from '../walletProxy/index.ts'

/** What an organisation change needs of the wallet proxy: a request signed with this device's key. */
export type OrganizationSigner = Pick<WalletProxy, 'post' | 'put' | 'patch' | 'delete'>

/**
 * This tab's wallet proxy as organisation changes use it: every change is signed with the device key (the server
 * refuses a change by the session alone), and waits for that key if the page asked before it was ready.
 */
export function useOrganizationSigner(): OrganizationSigner {
  const { proxy } = useWalletRuntime()
  return useMemo(() => {
    const once = <Send extends (...args: never[]) => Promise<unknown>>(send: Send) =>
      (async (...args: Parameters<Send>) => {
        await whenStarted(proxy)
        return send(...args)
      }) as unknown as Send
    return {
      post: once(proxy.post),
      put: once(proxy.put),
      patch: once(proxy.patch),
      delete: once(proxy.delete),
    }
  }, [proxy])
}
