import { providerRpcErrorFromCode } from '@charter/core'
import { isEvmAddress, isSameEvmAddress } from './isEvmAddress.ts'

/** A 4100 unless `address` is the wallet's own (any case): the wallet signs for itself only. */
export function assertOwnAddress(address: unknown, own: string): void {
  if (!isEvmAddress(address) || !isSameEvmAddress(address, own)) {
    throw providerRpcErrorFromCode(4100, { message: `Only ${own} can sign here.` })
  }
}
