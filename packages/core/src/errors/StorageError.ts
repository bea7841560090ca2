import { BaseError } from './BaseError.ts'
import {
  type StorageErrorKind,
  type StorageErrorParameters,
  storageErrorMessage,
} from './storageErrorMessage.ts'

/**
 * A metadata-storage failure. `message` is the text of docs/errors.md exactly, so it carries no details; the
 * vendor's error goes in `cause`.
 */
export class StorageError extends BaseError {
  override name = 'StorageError'
  declare readonly code: StorageErrorKind
  readonly kind: StorageErrorKind
  /** The HTTP status the pinning or fetching service answered with, when that is what failed. */
  readonly status: number | undefined

  constructor(parameters: StorageErrorParameters, options: { cause?: unknown } = {}) {
    super(storageErrorMessage(parameters), { code: parameters.kind, cause: options.cause })
    this.kind = parameters.kind
    this.status = 'status' in parameters ? parameters.status : undefined
  }
}
