import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError.ts'
import { StorageError } from './StorageError.ts'
import { type StorageErrorParameters, storageErrorMessage } from './storageErrorMessage.ts'

describe('storageErrorMessage', () => {
  it.each<[StorageErrorParameters, string]>([
    [{ kind: 'pin_status', status: 401 }, 'Error: failed to pin data, error code: 401'],
    [
      { kind: 'pin_unexpected', message: 'fetch failed' },
      'Error: unexpected error when trying to pin data, error message: fetch failed',
    ],
    [{ kind: 'fetch_status', status: 404 }, 'server returned with error code: 404'],
    [{ kind: 'fetch_no_response' }, 'no response received'],
    [
      { kind: 'fetch_unexpected', message: 'socket hang up' },
      'unexpected error when trying to get data: socket hang up',
    ],
    [{ kind: 'invalid_provider' }, 'Error: invalid provider'],
    [{ kind: 'missing_pinata_config' }, 'Error: pinata config is required'],
    [
      { kind: 'invalid_config', message: 'timeoutMs must be a positive number of milliseconds' },
      'Error: invalid storage config: timeoutMs must be a positive number of milliseconds',
    ],
    [
      { kind: 'not_json', type: 'text/html' },
      'Error: expecting a JSON object, but received data of type text/html',
    ],
  ])('words %j as docs/errors.md does', (parameters, text) => {
    expect(storageErrorMessage(parameters)).toBe(text)
  })
})

describe('StorageError', () => {
  it('carries the kind, the exact text and the upstream status', () => {
    const cause = new Error('503 from pinata')
    const error = new StorageError({ kind: 'pin_status', status: 503 }, { cause })
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('StorageError')
    expect(error.kind).toBe('pin_status')
    expect(error.code).toBe('pin_status')
    expect(error.status).toBe(503)
    expect(error.message).toBe('Error: failed to pin data, error code: 503')
    expect(error.shortMessage).toBe(error.message)
    expect(error.cause).toBe(cause)
  })

  it('has no status when no service answered', () => {
    const error = new StorageError({ kind: 'fetch_no_response' })
    expect(error.status).toBeUndefined()
    expect(error.message).toBe('no response received')
  })

  it('reports a bad setup with the texts of docs/errors.md', () => {
    expect(new StorageError({ kind: 'invalid_provider' }).message).toBe('Error: invalid provider')
    expect(new StorageError({ kind: 'missing_pinata_config' }).message).toBe(
      'Error: pinata config is required',
    )
  })
})
