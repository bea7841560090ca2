import { type OnrampNetwork, onrampNetworks } from './onrampNetworks.ts'

/** For network names that come from outside (a query parameter, a setting) before they are trusted. */
export function isOnrampNetwork(value: unknown): value is OnrampNetwork {
  return typeof value === 'string' && (onrampNetworks as readonly string[]).includes(value)
}
