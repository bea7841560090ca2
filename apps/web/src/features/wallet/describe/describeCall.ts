import type { WalletCall } from '../params/WalletCall.ts'
import { describeMessage } from './describeMessage.ts'
import { describeTransaction } from './describeTransaction.ts'
import { describeTypedData } from './describeTypedData.ts'
import type { SignatureRequest } from './SignatureRequest.ts'

/**
 * What the confirmation dialog shows for `call`, read from the very object that is posted to the server
 * (frozen), so what a person confirms is what is signed and nothing a caller described separately.
 */
export function describeCall(call: WalletCall, address: string): SignatureRequest {
  switch (call.method) {
    case 'personal_sign':
      return describeMessage(call.params, address)
    case 'eth_signTypedData_v4':
      return describeTypedData(call.params, address)
    case 'eth_signTransaction':
      return describeTransaction(call.params, address)
    case 'eth_sendTransaction':
      return describeTransaction(call.params, address, true, call.sponsor === true)
  }
}
