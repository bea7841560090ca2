import {
  type EmbeddedWalletAccount,
  evmChains,
  MustBeAuthenticatedError,
  ProviderRpcError,
  providerRpcErrorFromCode,
  WalletProxyNotInitializedError,
} from '@charter/core'
import { WalletKeyMismatchError, type WalletProxy } from '../walletProxy/index.ts'
import { describeCall } from './describeCall.ts'
import type { EvmProvider, EvmProviderEvent, EvmProviderListener } from './EvmProvider.ts'
import { findEvmChain } from './findEvmChain.ts'
import { isEvmAddress, isSameEvmAddress } from './isEvmAddress.ts'
import { parseQuantity } from './parseQuantity.ts'
import { personalSignParams } from './personalSignParams.ts'
import type { SignatureRequest } from './SignatureRequest.ts'
import { toProviderRpcError } from './toProviderRpcError.ts'
import { transactionParams } from './transactionParams.ts'
import { typedDataParams } from './typedDataParams.ts'
import type { WalletCall } from './WalletCall.ts'

export type EvmProviderOptions = {
  proxy: WalletProxy
  /** The signed-in user's EVM wallet (`selectEmbeddedWallet(…, 'ethereum')`), if any. */
  wallet: () => EmbeddedWalletAccount | undefined
  /** Shows the request to the person; true once they confirm. */
  confirm: (request: SignatureRequest) => Promise<boolean>
  /** The chain the provider starts on; the first of Charter's chains unless said. */
  chainId?: number
}

type RpcAnswer<Data> = { method: string; data: Data }

const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

const paramsList = (params: unknown): unknown[] =>
  Array.isArray(params) ? params : params === undefined ? [] : [params]

/**
 * The embedded EVM wallet as an EIP-1193 provider over the wallet proxy: accounts and chains answered here,
 * signatures shown to the person first (the dialog) and then signed by the server. Errors are
 * `ProviderRpcError`s with EIP-1193 and JSON-RPC codes, so viem and ethers read them as they read any wallet's.
 */
export function createEvmProvider(options: EvmProviderOptions): EvmProvider {
  const { proxy } = options
  const listeners = new Map<EvmProviderEvent, Set<EvmProviderListener>>()
  let chainId = options.chainId ?? evmChains[0].id
  let connectedAddress: string | undefined

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
    if (address) {
      if (!was) emit('connect', { chainId: toHexChainId(chainId) })
      emit('accountsChanged', [address])
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
    if (state.status === 'error' && state.error instanceof WalletKeyMismatchError) throw state.error
    if (state.status === 'ready') {
      throw providerRpcErrorFromCode(4100, { message: 'This account has no Ethereum wallet yet.' })
    }
    throw new WalletProxyNotInitializedError()
  }

  const assertOwnAddress = (address: unknown, own: string) => {
    if (!isEvmAddress(address) || !isSameEvmAddress(address, own)) {
      throw providerRpcErrorFromCode(4100, { message: `Only ${own} can sign here.` })
    }
  }

  /**
   * Tells the server the person pressed Reject, so their activity shows it beside what they signed. Nothing
   * waits for it and a failure is ignored: the caller's 4001 is the answer either way. Not sent once the
   * session has ended (the queue rejects what waits then; nobody declined).
   */
  const reportDecline = (walletId: string, method: string) => {
    if (proxy.getState().status !== 'ready') return
    proxy.post(`/api/v1/wallets/${walletId}/decline`, { method }).catch(() => undefined)
  }

  /**
   * Shows the call to the person, described from the very (frozen) object that is then posted, and signs it
   * once they confirm. A request Charter refuses (`refusal`) is never signed, whatever the answer.
   */
  const sign = async <Data>(wallet: { id: string; address: string }, call: WalletCall): Promise<Data> => {
    const request = describeCall(call, wallet.address)
    const approved = await options.confirm(request)
    if (!approved) reportDecline(wallet.id, call.method)
    if (!approved || request.refusal !== undefined) throw providerRpcErrorFromCode(4001)
    const answer = await proxy.post<RpcAnswer<Data>>(`/api/v1/wallets/${wallet.id}/rpc`, call)
    return answer.data
  }

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_accounts': {
        const wallet = usableWallet()
        return wallet ? [wallet.address] : []
      }
      case 'eth_requestAccounts':
        return [signingWallet().address]
      case 'eth_chainId':
        return toHexChainId(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain': {
        const [target] = params as [{ chainId?: unknown } | undefined]
        const requested = parseQuantity(target?.chainId)
        if (typeof target?.chainId !== 'string' || requested === undefined) {
          throw providerRpcErrorFromCode(-32602, {
            message: 'wallet_switchEthereumChain: chainId must be 0x hex',
          })
        }
        const chain = findEvmChain(Number(requested))
        if (!chain) {
          throw providerRpcErrorFromCode(4902, {
            message: `Charter does not know chain ${requested}. It knows ${evmChains.map((known) => known.name).join(', ')}.`,
          })
        }
        if (chain.id !== chainId) {
          chainId = chain.id
          emit('chainChanged', toHexChainId(chainId))
        }
        return null
      }
      case 'personal_sign': {
        const wallet = signingWallet()
        let [message, address] = params
        // Some older callers put the address first; MetaMask accepts both orders, and so do we.
        if (isEvmAddress(message) && isSameEvmAddress(message, wallet.address) && !isEvmAddress(address)) {
          ;[message, address] = [address, message]
        }
        if (typeof message !== 'string') {
          throw providerRpcErrorFromCode(-32602, { message: 'personal_sign: the message must be a string' })
        }
        assertOwnAddress(address, wallet.address)
        const call = { method: 'personal_sign', params: personalSignParams(message) } as const
        return (await sign<{ signature: string }>(wallet, call)).signature
      }
      case 'eth_signTypedData_v4': {
        const wallet = signingWallet()
        const [address, typedData] = params
        assertOwnAddress(address, wallet.address)
        const call = { method: 'eth_signTypedData_v4', params: typedDataParams(typedData) } as const
        return (await sign<{ signature: string }>(wallet, call)).signature
      }
      case 'eth_signTransaction': {
        const wallet = signingWallet()
        const [transaction] = params as [Record<string, unknown> | undefined]
        if (transaction?.from !== undefined) assertOwnAddress(transaction.from, wallet.address)
        const call = {
          method: 'eth_signTransaction',
          params: transactionParams(transaction, chainId),
        } as const
        return (await sign<{ signed_transaction: string }>(wallet, call)).signed_transaction
      }
      default:
        throw providerRpcErrorFromCode(4200, { message: `Charter’s wallet does not support ${method}.` })
    }
  }

  const provider: EvmProvider = {
    request: async ({ method, params }) => {
      if (typeof method !== 'string' || method === '') {
        throw providerRpcErrorFromCode(-32600, { message: 'A request needs a method' })
      }
      try {
        return await handle(method, paramsList(params))
      } catch (error) {
        throw error instanceof ProviderRpcError ? error : toProviderRpcError(error)
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
