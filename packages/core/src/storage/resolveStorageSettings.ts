import { StorageError } from '../errors/StorageError.ts'
import type { StorageClientOptions } from './StorageClientOptions.ts'
import type { StorageSettings } from './StorageSettings.ts'
import { storageDefaults } from './storageDefaults.ts'

const invalid = (message: string) => new StorageError({ kind: 'invalid_config', message })

/**
 * Checks a storage client's options, in the order the Hats Protocol details SDK does (provider, then the
 * pinning configuration), and then each setting, so that a wrong one fails when the client is built, at
 * start-up, and not at the first pin. Throws StorageError.
 */
export function resolveStorageSettings(options: StorageClientOptions<unknown>): StorageSettings {
  if (options?.provider !== 'pinata') throw new StorageError({ kind: 'invalid_provider' })
  const pinata: unknown = options.pinata
  if (typeof pinata !== 'object' || pinata === null) throw new StorageError({ kind: 'missing_pinata_config' })
  const { pinningKey, apiUrl, gateway, gatewayKey } = pinata as Record<string, unknown>
  // A configuration without a key cannot pin: it is as good as none.
  if (typeof pinningKey !== 'string' || pinningKey === '')
    throw new StorageError({ kind: 'missing_pinata_config' })

  const apiBase = baseUrl('apiUrl', apiUrl ?? storageDefaults.apiUrl)
  if (/\/pinning(\/pinjsontoipfs)?$/i.test(apiBase))
    throw invalid(
      'apiUrl must be the base URL of the service, such as https://api.pinata.cloud: the client adds /pinning/pinJSONToIPFS',
    )
  const gatewayBase = baseUrl('gateway', gateway ?? storageDefaults.gateway)
  // The known mistake: Pinata's dashboard shows gateways as https://{name}.mypinata.cloud/ipfs.
  if (/\/ipfs$/i.test(gatewayBase))
    throw invalid(
      'gateway must not end in /ipfs: give it as https://example.mypinata.cloud, and the client adds /ipfs/{hash}',
    )
  if (gatewayKey !== undefined && (typeof gatewayKey !== 'string' || gatewayKey === ''))
    throw invalid('gatewayKey must be a non-empty string; leave it out when the gateway needs none')

  const timeoutMs = options.timeoutMs ?? storageDefaults.timeoutMs
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 2_147_483_647)
    throw invalid('timeoutMs must be a whole number of milliseconds, from 1 to 2147483647')

  return {
    pinningKey,
    pinUrl: `${apiBase}/pinning/pinJSONToIPFS`,
    gateway: gatewayBase,
    gatewayKey,
    timeoutMs,
    maxDocumentBytes: storageDefaults.maxDocumentBytes,
  }
}

/** An http(s) URL without query or fragment, as the base the client appends paths to: no trailing slash. */
function baseUrl(name: string, value: unknown): string {
  const expected = `${name} must be an http or https URL`
  if (typeof value !== 'string') throw invalid(expected)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw invalid(expected)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(expected)
  // A query would end up between the base and the path; a gateway token goes in gatewayKey.
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#'))
    throw invalid(`${name} must have no query or fragment`)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
