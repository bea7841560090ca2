import { type CharterUser, selectEmbeddedWallet } from '@charter/core'
import { hashKey, type QueryClient } from '@tanstack/react-query'
import { chainsQueryOptions } from '../balances/index.ts'
import { healthQueryOptions } from '../health/index.ts'
import { currentUserQueryKey } from '../session/index.ts'
import {
  browserKeyStore,
  createWalletProxy,
  type WalletKeyStore,
  type WalletProxy,
} from '../walletProxy/index.ts'
import { type ConfirmationQueue, createConfirmationQueue } from './confirmation/createConfirmationQueue.ts'
import { createEvmProvider } from './provider/createEvmProvider.ts'
import type { EvmProvider } from './provider/EvmProvider.ts'

/** The wallet of one signed-in tab: the proxy, the EVM provider over it, and the dialog's queue. */
export type WalletRuntime = {
  proxy: WalletProxy
  provider: EvmProvider
  confirmations: ConfirmationQueue
  /** Points the provider at the user's wallets and starts the proxy for their session (registers the key). */
  connect(user: CharterUser): void
}

export type WalletRuntimeOptions = { keyStore?: WalletKeyStore }

// One runtime per app (per QueryClient): every screen of a tab shares one proxy, and each test gets its own.
const runtimes = new WeakMap<QueryClient, WalletRuntime>()

export function walletRuntimeFor(
  queryClient: QueryClient,
  options: WalletRuntimeOptions = {},
): WalletRuntime {
  let runtime = runtimes.get(queryClient)
  if (!runtime) {
    runtime = createWalletRuntime(queryClient, options)
    runtimes.set(queryClient, runtime)
  }
  return runtime
}

function createWalletRuntime(queryClient: QueryClient, options: WalletRuntimeOptions): WalletRuntime {
  let user: CharterUser | undefined
  const proxy = createWalletProxy({
    keyStore: options.keyStore ?? browserKeyStore(),
    // The server's APP_ID, or the id it generated into its data folder: only the server knows it.
    appId: async () => (await queryClient.ensureQueryData(healthQueryOptions())).appId,
  })
  const confirmations = createConfirmationQueue()
  const provider = createEvmProvider({
    proxy,
    wallet: () => user && selectEmbeddedWallet(user.linked_accounts, 'ethereum'),
    confirm: confirmations.ask,
    // The EVM chains this server offers (its list is read once a session, and shared with the home's).
    chains: async () =>
      (await queryClient.fetchQuery(chainsQueryOptions())).flatMap((chain) =>
        chain.type === 'ethereum' && typeof chain.id === 'number'
          ? [{ id: chain.id, name: chain.name, rpcPath: chain.rpcPath }]
          : [],
      ),
  })

  // The session's end (sign-out here or in another tab, or a refused request) reaches every wallet screen.
  const currentUserHash = hashKey(currentUserQueryKey)
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== currentUserHash) return
    const data = event.query.state.data as CharterUser | null | undefined
    if (data === null) {
      user = undefined
      confirmations.rejectAll()
      proxy.signOut()
    } else if (data) {
      user = data
    }
  })

  return {
    proxy,
    provider,
    confirmations,
    connect: (next) => {
      user = next
      void proxy.init(next.id)
    },
  }
}
