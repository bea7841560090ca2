export type EvmProviderRequest = { method: string; params?: readonly unknown[] | object }

export type EvmProviderEvent = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged'

// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take each event's own arguments.
export type EvmProviderListener = (...args: any[]) => void

/** An EIP-1193 provider: what viem's `custom` transport and ethers' `BrowserProvider` take. */
export type EvmProvider = {
  request(args: EvmProviderRequest): Promise<unknown>
  on(event: EvmProviderEvent, listener: EvmProviderListener): EvmProvider
  removeListener(event: EvmProviderEvent, listener: EvmProviderListener): EvmProvider
}
