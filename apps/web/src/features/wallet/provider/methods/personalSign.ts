import { providerRpcErrorFromCode } from '@charter/core'
import { personalSignParams } from '../../params/personalSignParams.ts'
import { assertOwnAddress } from '../assertOwnAddress.ts'
import type { EvmMethod } from '../EvmMethod.ts'
import { isEvmAddress, isSameEvmAddress } from '../isEvmAddress.ts'

/** `personal_sign [message, address]`: the message shown, then signed by the wallet. */
export const personalSign: EvmMethod = async (context, params) => {
  const wallet = context.signingWallet()
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
  return (await context.sign<{ signature: string }>(wallet, call)).signature
}
