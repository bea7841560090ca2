import { providerRpcErrorFromCode } from '@charter/core'

/**
 * Privy's options beside a transaction (`sendTransaction(transaction, {sponsor: true})` in its React SDK, the
 * `sponsor: true` of its REST body): whether the caller asks Charter to pay the network fee. Anything but an
 * object, or a `sponsor` that is not a boolean, is -32602: a send must not go out paid by the wrong party.
 */
export function sponsorOption(raw: unknown, method: string): boolean {
  if (raw === undefined || raw === null) return false
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw providerRpcErrorFromCode(-32602, { message: `${method}: the options must be an object` })
  }
  const { sponsor } = raw as { sponsor?: unknown }
  if (sponsor !== undefined && typeof sponsor !== 'boolean') {
    throw providerRpcErrorFromCode(-32602, { message: `${method}: sponsor must be true or false` })
  }
  return sponsor === true
}
