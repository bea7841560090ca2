import {
  type EmbeddedWalletAccount,
  evmChains,
  MustBeAuthenticatedError,
  providerRpcErrorFromCode,
  WalletProxyNotInitializedError,
} from '@charter/core'
import { callChainRpc } from '../../balances/index.ts'
import { isKeyRefusal, type SignedPostOptions, type WalletProxy } from '../../walletProxy/index.ts'
import { describeCall } from '../describe/describeCall.ts'
import type { SignatureRequest } from '../describe/SignatureRequest.ts'
import type { WalletCall } from '../params/WalletCall.ts'
import { postWalletCall } from '../postWalletCall.ts'
import type { EvmMethodContext, ProviderWallet } from './EvmMethod.ts'
import type { EvmProvider, EvmProviderEvent, EvmProviderListener } from './EvmProvider.ts'
import { findEvmMethod } from './evmMethods.ts'
import type { ProviderChain } from './ProviderChain.ts'
import { signatureRejectedError } from './signatureRejectedError.ts'
import { toHexChainId } from './toHexChainId.ts'
import { toProviderRpcError } from './toProviderRpcError.ts'

export type EvmProviderOptions = {
  proxy: WalletProxy
  /** The signed-in user's EVM wallet (`selectEmbeddedWallet(…, 'ethereum')`), if any. */
  wallet: () => EmbeddedWalletAccount | undefined
  /** Shows the request to the person; true once they confirm. */
  confirm: (request: SignatureRequest) => Promise<boolean>
  /**
   * The EVM chains the provider may be on and read: the server's (`GET /api/v1/chains`). Core's `evmChains`,
   * each read through its proxy path, unless said.
   */
  chains?: () => Promise<readonly ProviderChain[]>
  /** The chain the provider starts on; the first of `chains` unless said. */
  chainId?: number
}

const coreChains = async (): Promise<readonly ProviderChain[]> =>
  evmChains.map(({ id, name }) => ({ id, name, rpcPath: `/api/v1/rpc/${id}` }))

const paramsList = (params: unknown): unknown[] =>
  Array.isArray(params) ? params : params === undefined ? [] : [params]

/**
 * The embedded EVM wallet as an EIP-1193 provider over the wallet proxy. Each method has its own handler
 * (`evmMethods`): accounts and chains are answered here, signatures shown to the person first (the dialog) and
 * then signed by the server; any other method is 4200. Errors are `ProviderRpcError`s with EIP-1193 and
 * JSON-RPC codes, so viem and ethers read them as they read any wallet's.
 */
export function createEvmProvider(options: EvmProviderOptions): EvmProvider {
  const { proxy } = options
  const listeners = new Map<EvmProviderEvent, Set<EvmProviderListener>>()
  const chains = options.chains ?? coreChains
  // Undefined until a caller needs it, then the first chain offered; a switch sets it.
  let chainId = options.chainId
  let connectedAddress: string | undefined
  // Bumped on every change of the connection, so a late `connect` of an older one is never told.
  let connection = 0

  /** The current chain: the one switched to, else the first offered (which becomes the current one). */
  const currentChain = async (): Promise<ProviderChain> => {
    const offered = await chains()
    const chain = chainId === undefined ? offered[0] : offered.find((one) => one.id === chainId)
    if (!chain) {
      throw providerRpcErrorFromCode(4901, {
        message:
          chainId === undefined
            ? 'This Charter server offers no EVM chain.'
            : `This Charter server does not offer chain ${chainId}.`,
      })
    }
    chainId = chain.id
    return chain
  }

  const emit = (event: EvmProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }

  /** The wallet, when the proxy can sign for it. */
  const usableWallet = () => {
    const wallet = options.wallet()
    return proxy.getState().status === 'ready' && wallet?.id ? { ...wallet, id: wallet.id } : undefined
  }

  // EIP-1193's events follow the proxy: connected once it is ready, disconnected when the session ends.
  proxy.subscribe(() => {
    const address = usableWallet()?.address
    if (address === connectedAddress) return
    const was = connectedAddress
    connectedAddress = address
    const current = ++connection
    if (address) {
      // EIP-1193's `connect` names the chain, which the server's list gives; accounts follow it, in order.
      const told = was
        ? Promise.resolve()
        : currentChain().then((chain) => {
            if (current === connection) emit('connect', { chainId: toHexChainId(chain.id) })
          })
      void told
        .catch(() => undefined)
        .then(() => {
          if (current === connection) emit('accountsChanged', [address])
        })
    } else {
      emit('accountsChanged', [])
      emit('disconnect', providerRpcErrorFromCode(4900))
    }
  })

  /** The wallet for a signature, or the reason there is none, as the proxy words it. */
  const signingWallet = () => {
    const wallet = usableWallet()
    if (wallet) return wallet
    const state = proxy.getState()
    if (state.status === 'signed-out') throw new MustBeAuthenticatedError()
    if (state.status === 'error' && isKeyRefusal(state.error)) throw state.error
    if (state.status === 'ready') {
      throw providerRpcErrorFromCode(4100, { message: 'This account has no Ethereum wallet yet.' })
    }
    throw new WalletProxyNotInitializedError()
  }

  /**
   * Tells the server the person pressed Reject, so their activity shows it beside what they signed. Nothing
   * waits for it and a failure is ignored: the caller's 4001 is the answer either way. Not sent once the
   * session has ended (the queue rejects what waits then; nobody declined).
   */
  const reportDecline = (walletId: string, method: string) => {
    if (proxy.getState().status !== 'ready') return
    proxy
      .post((client) => client.api.v1.wallets[':id'].decline, { param: { id: walletId }, json: { method } })
      .catch(() => undefined)
  }

  // What each method (`evmMethods`, one file each) may use of the provider.
  const context: EvmMethodContext = {
    usableWallet,
    signingWallet,
    chains,
    chain: currentChain,
    switchChain: (next) => {
      if (next.id === chainId) return
      chainId = next.id
      emit('chainChanged', toHexChainId(next.id))
    },
    read: async (method, params) => callChainRpc(await currentChain(), method, params),
    // A request Charter refuses (`refusal`) is never signed, whatever the answer.
    sign: async <Data>(wallet: ProviderWallet, call: WalletCall, postOptions?: SignedPostOptions) => {
      const request = describeCall(call, wallet.address)
      const approved = await options.confirm(request)
      if (!approved) reportDecline(wallet.id, call.method)
      if (!approved || request.refusal !== undefined) throw signatureRejectedError()
      // The server types the answer per method but not by the call; each method's handler names its data.
      return postWalletCall<Data>(proxy, wallet.id, call, postOptions)
    },
  }

  const provider: EvmProvider = {
    request: async ({ method, params }) => {
      if (typeof method !== 'string' || method === '') {
        throw providerRpcErrorFromCode(-32600, { message: 'A request needs a method' })
      }
      try {
        const handler = findEvmMethod(method)
        if (!handler) {
          throw providerRpcErrorFromCode(4200, { message: `Charter’s wallet does not support ${method}.` })
        }
        return await handler(context, paramsList(params))
      } catch (error) {
        throw toProviderRpcError(error)
      }
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  return provider
}
