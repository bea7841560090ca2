import { evmChains, isSupportedChainId, parseQuantity, providerRpcErrorFromCode } from '@charter/core'
import type { EvmMethod } from '../EvmMethod.ts'

/** `wallet_switchEthereumChain`: to one of Charter's chains (core's `evmChains`); any other is 4902. */
export const walletSwitchEthereumChain: EvmMethod = (context, params) => {
  const [target] = params as [{ chainId?: unknown } | undefined]
  const requested = parseQuantity(target?.chainId)
  if (typeof target?.chainId !== 'string' || requested === undefined) {
    throw providerRpcErrorFromCode(-32602, {
      message: 'wallet_switchEthereumChain: chainId must be 0x hex',
    })
  }
  const chainId = Number(requested)
  if (!isSupportedChainId(chainId)) {
    throw providerRpcErrorFromCode(4902, {
      message: `Charter does not know chain ${requested}. It knows ${evmChains.map((known) => known.name).join(', ')}.`,
    })
  }
  context.switchChain(chainId)
  return null
}
