import type { SignedPostOptions } from '../../walletProxy/index.ts'
import type { WalletCall } from '../params/WalletCall.ts'
import type { ProviderChain } from './ProviderChain.ts'

/** The wallet a request is served for: its id at the wallet API, and its address. */
export type ProviderWallet = { id: string; address: string }

/** What the provider lends each method: the wallet, the chain it is on, and the way to a signature. */
export type EvmMethodContext = {
  /** The wallet, when the proxy can sign for it; undefined otherwise. */
  usableWallet(): ProviderWallet | undefined
  /** The wallet for a signature, or throws the reason there is none, as the proxy words it. */
  signingWallet(): ProviderWallet
  /** The EVM chains the provider may be on: those the server offers. */
  chains(): Promise<readonly ProviderChain[]>
  /** The chain the provider is on now (the first offered until a switch), or 4901 when it has none. */
  chain(): Promise<ProviderChain>
  /** Moves the provider to `chain` (one of `chains()`), and tells the listeners when it changed. */
  switchChain(chain: ProviderChain): void
  /** A read of the current chain, through Charter's RPC proxy: the node's answer, or its error. */
  read(method: string, params: unknown[]): Promise<unknown>
  /**
   * Shows `call` to the person, described from the very (frozen) object that is then posted, and has the
   * server sign it once they confirm: the answer's `data`. A rejection is a 4001. With an idempotency key, a
   * post that got no answer (the network, or the server's fault) is posted again under the same key, so the
   * server answers the first outcome instead of signing twice.
   */
  sign<Data>(wallet: ProviderWallet, call: WalletCall, options?: SignedPostOptions): Promise<Data>
}

/** One EIP-1193 method: the caller's params (always a list here) in, the answer out; a failure throws. */
export type EvmMethod = (context: EvmMethodContext, params: unknown[]) => unknown
