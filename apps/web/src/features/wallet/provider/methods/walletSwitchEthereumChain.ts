import { parseQuantity, providerRpcErrorFromCode } from '@charter/core'
import type { EvmMethod } from '../EvmMethod.ts'

/** `wallet_switchEthereumChain`: to one of the EVM chains the server offers; any other is 4902. */
export const walletSwitchEthereumChain: EvmMethod = async (context, params) => {
  const [target] = params as [{ chainId?: unknown } | undefined]
  const requested = parseQuantity(target?.chainId)
  if (typeof target?.chainId !== 'string' || requested === undefined) {
    throw providerRpcErrorFromCode(-32602, {
      message: 'wallet_switchEthereumChain: chainId must be 0x hex',
    })
  }
  const chains = await context.chains()
  const chain = chains.find((offered) => BigInt(offered.id) === requested)
  if (!chain) {
    const known = chains.map((offered) => offered.name).join(', ')
    throw providerRpcErrorFromCode(4902, {
      message: `Charter does not offer chain ${requested}.${known ? ` It offers ${known}.` : ''}`,
    })
  }
  // Already there (the first offered chain, before anyone asked): nothing changes, nobody is told.
  const current = await context.chain().catch(() => undefined)
  if (current?.id !== chain.id) context.switchChain(chain)
  return null
}
