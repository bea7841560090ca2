import { typedDataParams } from '../../params/typedDataParams.ts'
import { assertOwnAddress } from '../assertOwnAddress.ts'
import type { EvmMethod } from '../EvmMethod.ts'

/** `eth_signTypedData_v4 [address, typedData]`: EIP-712 data (JSON text or an object) shown, then signed. */
export const ethSignTypedDataV4: EvmMethod = async (context, params) => {
  const wallet = context.signingWallet()
  const [address, typedData] = params
  assertOwnAddress(address, wallet.address)
  const call = { method: 'eth_signTypedData_v4', params: typedDataParams(typedData) } as const
  return (await context.sign<{ signature: string }>(wallet, call)).signature
}
