/** Each way the metadata storage (pinning and fetching pinned documents) fails, with what its text needs. */
export type StorageErrorParameters =
  /** Pinning answered with a status other than 200. */
  | { kind: 'pin_status'; status: number }
  /** Pinning failed some other way (network, parsing). */
  | { kind: 'pin_unexpected'; message: string }
  /** Fetching answered with an error status. */
  | { kind: 'fetch_status'; status: number }
  /** Fetching got no answer at all. */
  | { kind: 'fetch_no_response' }
  /** Fetching failed some other way. */
  | { kind: 'fetch_unexpected'; message: string }
  /** The storage client was set up with a provider other than pinata. */
  | { kind: 'invalid_provider' }
  /** The storage client was set up without a pinning configuration. */
  | { kind: 'missing_pinata_config' }
  /** The storage client was set up with a setting it cannot use; `message` names it and says what to give. */
  | { kind: 'invalid_config'; message: string }
  /** The fetched content is not JSON; `type` is what it was instead. */
  | { kind: 'not_json'; type: string }

export type StorageErrorKind = StorageErrorParameters['kind']

/** The text of a storage failure, word for word as docs/errors.md gives it (and says where it comes from). */
export function storageErrorMessage(parameters: StorageErrorParameters): string {
  switch (parameters.kind) {
    case 'pin_status':
      return `Error: failed to pin data, error code: ${parameters.status}`
    case 'pin_unexpected':
      return `Error: unexpected error when trying to pin data, error message: ${parameters.message}`
    case 'fetch_status':
      return `server returned with error code: ${parameters.status}`
    case 'fetch_no_response':
      return 'no response received'
    case 'fetch_unexpected':
      return `unexpected error when trying to get data: ${parameters.message}`
    case 'invalid_provider':
      return 'Error: invalid provider'
    case 'missing_pinata_config':
      return 'Error: pinata config is required'
    case 'invalid_config':
      return `Error: invalid storage config: ${parameters.message}`
    case 'not_json':
      return `Error: expecting a JSON object, but received data of type ${parameters.type}`
  }
}
