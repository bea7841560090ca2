import { describe, expect, it } from 'vitest'
import { StorageError } from '../errors/StorageError.ts'
import { createStorageClient } from './createStorageClient.ts'
import type { StorageClientOptions } from './StorageClientOptions.ts'

const pinningKey = 'test-jwt'

function refusal(options: unknown): StorageError {
  try {
    createStorageClient(options as StorageClientOptions)
  } catch (error) {
    if (error instanceof StorageError) return error
    throw error
  }
  throw new Error('the options were accepted')
}

describe('createStorageClient', () => {
  it('builds a client from a provider and a pinning key alone', () => {
    const client = createStorageClient({ provider: 'pinata', pinata: { pinningKey } })
    expect(typeof client.pin).toBe('function')
    expect(typeof client.get).toBe('function')
  })

  it.each([
    ['another provider', { provider: 'infura', pinata: { pinningKey } }],
    ['no provider', { pinata: { pinningKey } }],
    ['a provider spelled otherwise', { provider: 'Pinata', pinata: { pinningKey } }],
    ['no options at all', undefined],
  ])('refuses %s with Error: invalid provider, before looking at the configuration', (_, options) => {
    const error = refusal(options)
    expect(error.message).toBe('Error: invalid provider')
    expect(error.kind).toBe('invalid_provider')
  })

  it('refuses another provider even without a pinning configuration: the provider is checked first', () => {
    expect(refusal({ provider: 'web3.storage' }).message).toBe('Error: invalid provider')
  })

  it.each([
    ['no pinning configuration', { provider: 'pinata' }],
    ['a null one', { provider: 'pinata', pinata: null }],
    ['one that is a string', { provider: 'pinata', pinata: pinningKey }],
    ['one without a key', { provider: 'pinata', pinata: { gateway: 'https://example.mypinata.cloud' } }],
    ['one with an empty key', { provider: 'pinata', pinata: { pinningKey: '' } }],
    ['one whose key is not a string', { provider: 'pinata', pinata: { pinningKey: 42 } }],
  ])('refuses %s with Error: pinata config is required', (_, options) => {
    const error = refusal(options)
    expect(error.message).toBe('Error: pinata config is required')
    expect(error.kind).toBe('missing_pinata_config')
  })

  it.each([
    'https://example.mypinata.cloud/ipfs',
    'https://example.mypinata.cloud/ipfs/',
    'https://example.mypinata.cloud/IPFS',
    'http://127.0.0.1:8080/ipfs',
  ])('refuses a gateway that already ends in /ipfs (%s), naming the mistake', (gateway) => {
    const error = refusal({ provider: 'pinata', pinata: { pinningKey, gateway } })
    expect(error.kind).toBe('invalid_config')
    expect(error.message).toBe(
      'Error: invalid storage config: gateway must not end in /ipfs: give it as https://example.mypinata.cloud, and the client adds /ipfs/{hash}',
    )
  })

  it.each([
    'https://api.pinata.cloud/pinning/pinJSONToIPFS',
    'https://api.pinata.cloud/pinning',
    'http://127.0.0.1:3000/pinning/',
  ])('refuses an apiUrl that already holds the pinning path (%s)', (apiUrl) => {
    expect(refusal({ provider: 'pinata', pinata: { pinningKey, apiUrl } }).message).toBe(
      'Error: invalid storage config: apiUrl must be the base URL of the service, such as https://api.pinata.cloud: the client adds /pinning/pinJSONToIPFS',
    )
  })

  it.each([
    ['gateway', 'example.mypinata.cloud', 'gateway must be an http or https URL'],
    ['gateway', '', 'gateway must be an http or https URL'],
    ['gateway', 'ftp://example.org', 'gateway must be an http or https URL'],
    ['gateway', 'javascript:alert(1)', 'gateway must be an http or https URL'],
    ['gateway', 7, 'gateway must be an http or https URL'],
    [
      'gateway',
      'https://example.mypinata.cloud?pinataGatewayToken=x',
      'gateway must have no query or fragment',
    ],
    ['gateway', 'https://example.mypinata.cloud/#top', 'gateway must have no query or fragment'],
    ['gateway', 'https://example.mypinata.cloud?', 'gateway must have no query or fragment'],
    ['apiUrl', 'not a url', 'apiUrl must be an http or https URL'],
    ['apiUrl', 'https://api.pinata.cloud?x=1', 'apiUrl must have no query or fragment'],
    ['gatewayKey', '', 'gatewayKey must be a non-empty string; leave it out when the gateway needs none'],
    ['gatewayKey', 12, 'gatewayKey must be a non-empty string; leave it out when the gateway needs none'],
  ])('refuses %s %j: %s', (name, value, message) => {
    const error = refusal({ provider: 'pinata', pinata: { pinningKey, [name]: value } })
    expect(error.kind).toBe('invalid_config')
    expect(error.message).toBe(`Error: invalid storage config: ${message}`)
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2_147_483_648, '1000'])(
    'refuses a timeout of %j',
    (timeoutMs) => {
      expect(refusal({ provider: 'pinata', pinata: { pinningKey }, timeoutMs }).message).toBe(
        'Error: invalid storage config: timeoutMs must be a whole number of milliseconds, from 1 to 2147483647',
      )
    },
  )
})
